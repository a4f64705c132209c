import { type Profile, ProfileSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-users';

/** GET /api/v1/rest/profile/{id} (admin or self): one account as profile/me shows it, with its avatar file. */
export async function getAdminUser(userId: number): Promise<Profile> {
  const { data } = await apiClient.get(`/rest/profile/${userId}`, { schema: ProfileSchema });
  return data;
}

export function adminUserQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, 'detail', userId],
    queryFn: () => getAdminUser(userId),
    staleTime: 0,
    meta: { errorToast: 'Ошибка при получении данных пользователя' },
  });
}

export function useAdminUser(userId: number) {
  return useQuery({ ...adminUserQueryOptions(userId), enabled: Number.isInteger(userId) && userId > 0 });
}
