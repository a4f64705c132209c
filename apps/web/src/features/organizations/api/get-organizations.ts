import type { ListMeta, OrganizationListItem } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callLazyEndpoint } from '@/lib/api-client';
import { organizationsEndpoint } from '@/lib/lazy-endpoints';
import { organizationKeys } from '@/lib/query-keys/organizations';

export const ORGANIZATIONS_PAGE_SIZE = 20;

export type OrganizationsQuery = { search: string; page: number };
export type OrganizationsPage = { items: OrganizationListItem[]; meta: ListMeta | null };

/** The caller's organizations (owned or active member), newest first. */
export async function getOrganizations({ search, page }: OrganizationsQuery): Promise<OrganizationsPage> {
  const { data, meta } = await callLazyEndpoint(organizationsEndpoint('list'), {
    query: { search: search.trim() || undefined, page, perPage: ORGANIZATIONS_PAGE_SIZE },
  });
  return { items: data, meta };
}

export function organizationsQueryOptions(query: OrganizationsQuery) {
  return queryOptions({
    queryKey: organizationKeys.list(query),
    queryFn: () => getOrganizations(query),
    placeholderData: keepPreviousData,
    // Spec section 8: failures of the home screen lists are only logged, never toasted.
    meta: { errorToast: false },
  });
}

export function useOrganizations(query: OrganizationsQuery) {
  return useQuery(organizationsQueryOptions(query));
}
