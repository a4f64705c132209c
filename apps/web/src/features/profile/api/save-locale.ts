import type { Locale } from '@cabinet/contracts/i18n';
import { textNow } from '@/lib/i18n/catalogue';
import { setLocale } from '@/lib/i18n/locale';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';
import { profileTexts } from '../texts';
import { PROFILE_UPDATE_FAILED, updateProfile } from './update-profile';

/**
 * The account's language (issue 32): saved as the profile's `locale`, then the page speaks it and keeps it
 * for the next visit before sign-in. The toast is said in the language just chosen.
 */
export function useSaveLocale(userId: number) {
  return useApiMutation({
    mutationFn: async (locale: Locale) => {
      await updateProfile({ userId, body: { locale } });
      await setLocale(locale, { remember: true });
    },
    successToast: () => textNow(profileTexts)('Язык сохранён'),
    failureToast: textNow(profileTexts)(PROFILE_UPDATE_FAILED),
    invalidates: [profileKeys.me],
  });
}
