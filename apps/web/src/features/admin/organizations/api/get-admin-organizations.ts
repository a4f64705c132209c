import { type AdminOrganizationListItem, AdminOrganizationListItemSchema } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { organizationKeys } from '@/features/organizations/api/keys';
import { apiClient } from '@/lib/api-client';
import { ADMIN_LIST_PER_PAGE, type ListPage, readListMeta } from '../../shared/list-page';

export type AdminOrganizationsQuery = {
  search: string;
  page: number;
  /** Only the organizations this user owns or is an active member of. */
  userId?: number;
};

/** GET /api/v1/rest/organizations/list (admins): every organization with its owner, newest first. */
export async function getAdminOrganizations({
  search,
  page,
  userId,
}: AdminOrganizationsQuery): Promise<ListPage<AdminOrganizationListItem>> {
  const { data, meta } = await apiClient.get('/rest/organizations/list', {
    query: { search: search.trim() || undefined, page, perPage: ADMIN_LIST_PER_PAGE, user_id: userId },
    schema: z.array(AdminOrganizationListItemSchema),
  });
  return { items: data, meta: readListMeta(meta, data, page) };
}

/**
 * Under the organizations area's list key, so creating, editing or deleting any organization (from the
 * shared components) refreshes this list too.
 */
export const adminOrganizationsQueryKey = [...organizationKeys.lists(), 'admin'] as const;

export function adminOrganizationsQueryOptions(query: AdminOrganizationsQuery) {
  return queryOptions({
    queryKey: [
      ...adminOrganizationsQueryKey,
      { search: query.search.trim(), page: query.page, userId: query.userId },
    ],
    queryFn: () => getAdminOrganizations(query),
    placeholderData: keepPreviousData,
    meta: { errorToast: 'Не удалось получить данные организации' },
  });
}

export function useAdminOrganizations(query: AdminOrganizationsQuery) {
  return useQuery(adminOrganizationsQueryOptions(query));
}
