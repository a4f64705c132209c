import type { Profile } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazyEndpoint } from '@/lib/api-client';
import { profileEndpoint } from '@/lib/lazy-endpoints';
import { profileKeys } from '@/lib/query-keys/profile';
import { session } from '@/lib/session';

/** The signed-in user. */
export async function getProfile(): Promise<Profile> {
  const { data } = await callLazyEndpoint(profileEndpoint('me'));
  return data;
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.me,
    queryFn: async () => {
      const profile = await getProfile();
      // Spec section 4: after the profile is fetched, the session keeps e-mail, name, id, avatar,
      // subscribeId and org members.
      session.setUser(profile);
      return profile;
    },
    staleTime: 60_000,
    meta: { errorToast: 'Ошибка при получении данных пользователя' },
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
