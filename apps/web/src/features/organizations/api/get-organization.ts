import { type Organization, organizationsEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { organizationKeys } from '@/lib/query-keys/organizations';

/** One organization with every member, owner first. */
export async function getOrganization(id: number): Promise<Organization> {
  const { data } = await callEndpoint(organizationsEndpoints.get, { params: { id } });
  return data;
}

/** Spec section 8's text; the screens show it in place (components/load-error.tsx), not as a toast. */
export const ORGANIZATION_LOAD_FAILED = 'Не удалось получить данные организации';

export function organizationQueryOptions(id: number) {
  return queryOptions({
    queryKey: organizationKeys.get(id),
    queryFn: () => getOrganization(id),
    meta: { errorToast: false },
  });
}

export function useOrganization(id: number) {
  return useQuery({ ...organizationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
