import { type Profile, profileEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys/profile';

/** Admin or self: one account as profile/me shows it, with its avatar file. */
export async function getAdminUser(userId: number): Promise<Profile> {
  const { data } = await callEndpoint(profileEndpoints.get, { params: { id: userId } });
  return data;
}

export function adminUserQueryOptions(userId: number) {
  return queryOptions({
    queryKey: profileKeys.get(userId),
    queryFn: () => getAdminUser(userId),
    staleTime: 0,
    meta: { errorToast: 'Ошибка при получении данных пользователя' },
  });
}

export function useAdminUser(userId: number) {
  return useQuery({ ...adminUserQueryOptions(userId), enabled: Number.isInteger(userId) && userId > 0 });
}
