import type { Profile } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazyEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n/catalogue';
import { adoptAccountLocale } from '@/lib/i18n/locale';
import { profileEndpoint } from '@/lib/lazy-endpoints';
import { profileKeys } from '@/lib/query-keys/profile';
import { session } from '@/lib/session';
import { profileTexts } from '../texts';

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
      // The account's language, unless the page has ?lang= (issue 32): the screens waiting for the
      // profile show in it at once.
      await adoptAccountLocale(profile.locale);
      return profile;
    },
    staleTime: 60_000,
    meta: { errorToast: textNow(profileTexts)('Ошибка при получении данных пользователя') },
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
