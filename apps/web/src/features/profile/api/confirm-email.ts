import { profileEndpoints } from '@cabinet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';
import { profileTexts } from '../texts';

export const EMAIL_CONFIRMED = 'Адрес эл. почты изменён';
export const EMAIL_CONFIRM_FAILED = 'Не удалось подтвердить адрес эл. почты';

/** The code mailed to the pending address (decision 0085). */
export function confirmEmail(code: string) {
  return callEndpoint(profileEndpoints.confirmEmail, { body: { code } });
}

/**
 * A wrong, expired or burned code is a 400 whose Russian message says which (and how many tries are left);
 * the profile is read again either way, since a burned code ends the pending change.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  const t = useText(profileTexts);
  return useApiMutation({
    mutationFn: confirmEmail,
    successToast: t(EMAIL_CONFIRMED),
    failureToast: t(EMAIL_CONFIRM_FAILED),
    invalidates: [profileKeys.me],
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      await queryClient.invalidateQueries({ queryKey: profileKeys.me });
    },
  });
}
