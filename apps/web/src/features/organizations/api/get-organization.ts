import { type Organization, OrganizationSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './keys';

/** GET /api/v1/rest/organizations/{id}: one organization with every member, owner first. */
export async function getOrganization(id: number): Promise<Organization> {
  const { data } = await apiClient.get(`/rest/organizations/${id}`, { schema: OrganizationSchema });
  return data;
}

export function organizationQueryOptions(id: number) {
  return queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: () => getOrganization(id),
    meta: { errorToast: 'Не удалось получить данные организации' },
  });
}

export function useOrganization(id: number) {
  return useQuery({ ...organizationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
