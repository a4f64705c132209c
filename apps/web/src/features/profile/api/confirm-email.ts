import { ProfileUpdateResultSchema } from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import { failureText } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/toasts';
import { profileQueryKey } from './get-profile';

export const EMAIL_CONFIRMED = 'Адрес эл. почты изменён';
export const EMAIL_CONFIRM_FAILED = 'Не удалось подтвердить адрес эл. почты';

/** POST /api/v1/rest/profile/confirm-email: the code mailed to the pending address (decision 0085). */
export async function confirmEmail(code: string) {
  return apiClient.post('/rest/profile/confirm-email', { code }, { schema: ProfileUpdateResultSchema });
}

/**
 * A wrong, expired or burned code is a 400 whose Russian message says which (and how many tries are left);
 * the profile is read again either way, since a burned code ends the pending change.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    meta: { errorToast: false },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      notifyError(failureText(error, EMAIL_CONFIRM_FAILED));
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    onSuccess: async ({ message }) => {
      notifySuccess(message || EMAIL_CONFIRMED);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
