import type { ProfileUpdateRequest } from '@cabinet/contracts';
import { callLazyEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { profileEndpoint } from '@/lib/lazy-endpoints';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';
import { profileTexts } from '../texts';

export const PROFILE_UPDATED = 'Данные пользователя обновлены';
export const PROFILE_UPDATE_FAILED = 'Не удалось обновить данные пользователя';

/** Name, e-mail, image_id (null removes the avatar), the account's language. */
export function updateProfile({ userId, body }: { userId: number; body: ProfileUpdateRequest }) {
  return callLazyEndpoint(profileEndpoint('update'), { params: { id: userId }, body });
}

/**
 * Toasts of spec section 8; a refusal with a reason (e-mail taken, invalid field) shows that reason
 * instead of the generic failure.
 */
export function useUpdateProfile() {
  const t = useText(profileTexts);
  return useApiMutation({
    mutationFn: updateProfile,
    successToast: t(PROFILE_UPDATED),
    failureToast: t(PROFILE_UPDATE_FAILED),
    invalidates: [profileKeys.me],
  });
}
