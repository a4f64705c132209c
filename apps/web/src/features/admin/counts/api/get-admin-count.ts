import { CountResponseSchema, UsersCountSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** What the admin home counts (spec section 2, admin home). */
export type AdminCountKind = 'users' | 'organizations' | 'plans';

const COUNT_PATHS: Record<AdminCountKind, string> = {
  users: '/rest/admin/users-count',
  organizations: '/rest/admin/organizations-count',
  plans: '/rest/admin/subscribes-count',
};

const countDataSchema = CountResponseSchema.shape.data;

/** A widget's numbers; for users also how many have not confirmed their e-mail (decision 0088). */
export type AdminCount = { count: number; unverified?: number };

/** GET /api/v1/rest/admin/{users,organizations,subscribes}-count. */
export async function getAdminCount(kind: AdminCountKind): Promise<AdminCount> {
  if (kind === 'users') return (await apiClient.get(COUNT_PATHS.users, { schema: UsersCountSchema })).data;
  const { data } = await apiClient.get(COUNT_PATHS[kind], { schema: countDataSchema });
  return { count: data.count };
}

export const adminCountsQueryKey = ['admin', 'counts'] as const;

export function adminCountQueryOptions(kind: AdminCountKind) {
  return queryOptions({
    queryKey: [...adminCountsQueryKey, kind],
    queryFn: () => getAdminCount(kind),
    // Spec section 8 has one text for all three widgets; the toast dedupes, so three failures show once.
    meta: { errorToast: 'Ошибка при получении количества пользователей / организаций' },
  });
}

export function useAdminCount(kind: AdminCountKind) {
  return useQuery(adminCountQueryOptions(kind));
}
