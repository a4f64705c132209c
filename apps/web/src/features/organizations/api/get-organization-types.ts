import { type ReferenceType, ReferenceTypeSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './keys';

/** GET /api/v1/rest/organizations/org-types-list: the organization types (a short seeded list). */
export async function getOrganizationTypes(): Promise<ReferenceType[]> {
  const { data } = await apiClient.get('/rest/organizations/org-types-list', {
    query: { perPage: 100 },
    schema: z.array(ReferenceTypeSchema),
  });
  return data;
}

export function organizationTypesQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.types(),
    queryFn: getOrganizationTypes,
    staleTime: 10 * 60_000,
    meta: { errorToast: 'Ошибка при получении списка типов организаций' },
  });
}

export function useOrganizationTypes() {
  return useQuery(organizationTypesQueryOptions());
}
