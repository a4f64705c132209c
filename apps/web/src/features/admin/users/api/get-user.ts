import { type Profile, profileEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys/profile';
import type { AdminUsersText } from '../texts';

/** Admin or self: one account as profile/me shows it, with its avatar file. */
export async function getAdminUser(userId: number): Promise<Profile> {
  const { data } = await callEndpoint(profileEndpoints.get, { params: { id: userId } });
  return data;
}

/** Spec section 8's text; the screen shows it in place (components/load-error.tsx), not as a toast. */
export const ADMIN_USER_LOAD_FAILED = 'Ошибка при получении данных пользователя' satisfies AdminUsersText;

export function adminUserQueryOptions(userId: number) {
  return queryOptions({
    queryKey: profileKeys.get(userId),
    queryFn: () => getAdminUser(userId),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

export function useAdminUser(userId: number) {
  return useQuery({ ...adminUserQueryOptions(userId), enabled: Number.isInteger(userId) && userId > 0 });
}
