import { type UserListItem, UserListResponseSchema } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADMIN_LIST_PER_PAGE, type ListPage, readListMeta } from '../../shared/list-page';

export type AdminUsersQuery = { search: string; page: number };

const itemsSchema = UserListResponseSchema.shape.data;

/**
 * GET /api/v1/rest/profile/list: admins see every account, unverified and blocked ones marked; the
 * search is a substring of e-mail or name, or an exact id (docs/decisions/0040-user-lists.md).
 */
export async function getAdminUsers({ search, page }: AdminUsersQuery): Promise<ListPage<UserListItem>> {
  const { data, meta } = await apiClient.get('/rest/profile/list', {
    query: { search: search.trim() || undefined, page, perPage: ADMIN_LIST_PER_PAGE },
    schema: itemsSchema,
  });
  return { items: data, meta: readListMeta(meta, data, page) };
}

/** Every admin user query starts with this key: actions on a user invalidate it whole. */
export const adminUsersQueryKey = ['admin', 'users'] as const;

export function adminUsersQueryOptions(query: AdminUsersQuery) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, 'list', { search: query.search.trim(), page: query.page }],
    queryFn: () => getAdminUsers(query),
    // The table keeps the previous page on screen while the next search or page loads, instead of
    // flashing a loader on every keystroke.
    placeholderData: keepPreviousData,
    // Spec section 8 reuses this text for the user list (sic).
    meta: { errorToast: 'Ошибка при получении подписок' },
  });
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
