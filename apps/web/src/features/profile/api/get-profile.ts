import { type Profile, ProfileSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { session } from '@/lib/session';

/** GET /api/v1/rest/profile/me: the signed-in user. */
export async function getProfile(): Promise<Profile> {
  const { data } = await apiClient.get('/rest/profile/me', { schema: ProfileSchema });
  return data;
}

export const profileQueryKey = ['profile', 'me'] as const;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
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
