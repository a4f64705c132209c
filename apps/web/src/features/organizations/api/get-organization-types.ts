import { organizationsEndpoints, type ReferenceType } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { organizationTexts } from '../texts';

/** The organization types (a short seeded list). */
export async function getOrganizationTypes(): Promise<ReferenceType[]> {
  const { data } = await callEndpoint(organizationsEndpoints.organizationTypes, { query: { perPage: 100 } });
  return data;
}

export function organizationTypesQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.organizationTypes,
    queryFn: getOrganizationTypes,
    staleTime: 10 * 60_000,
    // Read as the hook renders, so the toast speaks the page's language.
    meta: { errorToast: textNow(organizationTexts)('Ошибка при получении списка типов организаций') },
  });
}

export function useOrganizationTypes() {
  return useQuery(organizationTypesQueryOptions());
}
