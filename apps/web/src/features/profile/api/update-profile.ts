import { type ProfileUpdateRequest, ProfileUpdateResultSchema } from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import { failureText } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/toasts';
import { profileQueryKey } from './get-profile';

export const PROFILE_UPDATED = 'Данные пользователя обновлены';
export const PROFILE_UPDATE_FAILED = 'Не удалось обновить данные пользователя';

/** PUT /api/v1/rest/profile/update/{id}: name, e-mail, image_id (null removes the avatar). */
export async function updateProfile({ userId, body }: { userId: number; body: ProfileUpdateRequest }) {
  return apiClient.put(`/rest/profile/update/${userId}`, body, { schema: ProfileUpdateResultSchema });
}

/**
 * Toasts of spec section 8; a refusal with a reason (e-mail taken, invalid field) shows that reason
 * instead of the generic failure.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { errorToast: false },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) {
        notifyError(failureText(error, PROFILE_UPDATE_FAILED));
      }
    },
    onSuccess: async ({ message }) => {
      notifySuccess(message || PROFILE_UPDATED);
      // Other users' cached lists (admin screens) read the same accounts.
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
