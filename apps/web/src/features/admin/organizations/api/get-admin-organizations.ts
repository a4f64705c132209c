import { type AdminOrganizationListItem, organizationsEndpoints } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { ADMIN_LIST_PER_PAGE, type ListPage } from '@/lib/list-page';
import { organizationKeys } from '@/lib/query-keys/organizations';
import type { AdminOrganizationsText } from '../texts';

/** Spec section 8's text of a failed organizations load; the lists show it in place. */
export const ADMIN_ORGANIZATIONS_LOAD_FAILED =
  'Не удалось получить данные организации' satisfies AdminOrganizationsText;

export type AdminOrganizationsQuery = {
  search: string;
  page: number;
  /** Only the organizations this user owns or is an active member of. */
  userId?: number;
};

/** Admins: every organization with its owner, newest first. */
export async function getAdminOrganizations({
  search,
  page,
  userId,
}: AdminOrganizationsQuery): Promise<ListPage<AdminOrganizationListItem>> {
  const { data, meta } = await callEndpoint(organizationsEndpoints.listAll, {
    query: { search: search.trim() || undefined, page, perPage: ADMIN_LIST_PER_PAGE, user_id: userId },
  });
  return { items: data, meta };
}

/**
 * Under the organizations area's key, so creating, editing or deleting any organization refreshes this
 * list too.
 */
export function adminOrganizationsQueryOptions(query: AdminOrganizationsQuery) {
  return queryOptions({
    queryKey: organizationKeys.listAll({
      search: query.search.trim(),
      page: query.page,
      userId: query.userId,
    }),
    queryFn: () => getAdminOrganizations(query),
    placeholderData: keepPreviousData,
    // Shown in place with 'Повторить' (ADMIN_ORGANIZATIONS_LOAD_FAILED; decision 0164).
    meta: { errorToast: false },
  });
}

export function useAdminOrganizations(query: AdminOrganizationsQuery) {
  return useQuery(adminOrganizationsQueryOptions(query));
}
