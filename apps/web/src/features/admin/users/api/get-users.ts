import { profileEndpoints, type UserListItem } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { ADMIN_LIST_PER_PAGE, type ListPage } from '@/lib/list-page';
import { profileKeys } from '@/lib/query-keys/profile';
import type { AdminUsersText } from '../texts';

/** Spec section 8 reuses the plans list's text for the user list (sic); the list shows it in place. */
export const ADMIN_USERS_LOAD_FAILED = 'Ошибка при получении подписок' satisfies AdminUsersText;

export type AdminUsersQuery = { search: string; page: number };

/**
 * Admins see every account, unverified and blocked ones marked; the search is a substring of e-mail or
 * name, or an exact id (docs/decisions/0040-user-lists.md).
 */
export async function getAdminUsers({ search, page }: AdminUsersQuery): Promise<ListPage<UserListItem>> {
  const { data, meta } = await callEndpoint(profileEndpoints.list, {
    query: { search: search.trim() || undefined, page, perPage: ADMIN_LIST_PER_PAGE },
  });
  return { items: data, meta };
}

export function adminUsersQueryOptions(query: AdminUsersQuery) {
  return queryOptions({
    queryKey: profileKeys.list({ search: query.search.trim(), page: query.page }),
    queryFn: () => getAdminUsers(query),
    // The table keeps the previous page on screen while the next search or page loads, instead of
    // flashing a loader on every keystroke.
    placeholderData: keepPreviousData,
    // The list frame shows ADMIN_USERS_LOAD_FAILED with 'Повторить' instead (decision 0164).
    meta: { errorToast: false },
  });
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
