import {
  type ListMeta,
  ListMetaSchema,
  type OrganizationListItem,
  OrganizationListItemSchema,
} from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './keys';

export const ORGANIZATIONS_PAGE_SIZE = 20;

export type OrganizationsQuery = { search: string; page: number };
export type OrganizationsPage = { items: OrganizationListItem[]; meta: ListMeta | null };

/** GET /api/v1/rest/organizations: the caller's organizations (owned or active member), newest first. */
export async function getOrganizations({ search, page }: OrganizationsQuery): Promise<OrganizationsPage> {
  const { data, meta } = await apiClient.get('/rest/organizations', {
    query: { search: search.trim() || undefined, page, perPage: ORGANIZATIONS_PAGE_SIZE },
    schema: z.array(OrganizationListItemSchema),
  });
  const parsed = ListMetaSchema.safeParse(meta);
  return { items: data, meta: parsed.success ? parsed.data : null };
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
