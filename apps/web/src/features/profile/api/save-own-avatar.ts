import { useQueryClient } from '@tanstack/react-query';
import {
  type AvatarValue,
  avatarValueFrom,
  type ExistingAvatar,
  withChosenFile,
} from '@/components/avatar-field/avatar-value';
import { useAvatarSave, useDeleteAvatarNow } from '@/components/avatar-field/use-avatar-save';
import { useText } from '@/lib/i18n/catalogue';
import { profileKeys } from '@/lib/query-keys/profile';
import { notifySuccess } from '@/lib/toasts';
import { useApiMutation } from '@/lib/use-api-mutation';
import { profileTexts } from '../texts';
import { PROFILE_UPDATE_FAILED, updateProfile } from './update-profile';

export const AVATAR_CHANGED = 'Аватар изменен';
export const AVATAR_DELETED = 'Аватар успешно удален';

/**
 * One's own avatar on the profile screen changes at once (issue 16; spec section 4 already deletes it at
 * once): a chosen file is uploaded and set as image_id right away, never waiting for 'Сохранить изменения',
 * which then concerns the name and the e-mail only. `setAvatar` is the form's avatar state.
 */
export function useOwnAvatar(userId: number, setAvatar: (value: AvatarValue) => void) {
  const queryClient = useQueryClient();
  const t = useText(profileTexts);
  const upload = useAvatarSave();
  const remove = useDeleteAvatarNow();
  const attach = useApiMutation({
    mutationFn: updateProfile,
    successToast: () => t(AVATAR_CHANGED),
    failureToast: t(PROFILE_UPDATE_FAILED),
    invalidates: [profileKeys.me],
  });

  const choose = async (file: File, current: AvatarValue) => {
    // The preview shows while it uploads.
    setAvatar(withChosenFile(current, file));
    try {
      const { imageId, avatar } = await upload.resolve({ file, scheduledDelete: false });
      await attach.mutateAsync({ userId, body: { image_id: imageId } });
      setAvatar(avatarValueFrom(avatar));
    } catch {
      // Its toast is shown; the avatar stays as it was.
      setAvatar(current.file ? avatarValueFrom(current.existing) : current);
    }
  };

  const removeNow = (existing: ExistingAvatar) =>
    remove.mutate(existing.id, {
      onSuccess: () => {
        notifySuccess(t(AVATAR_DELETED));
        setAvatar({ existing: null, scheduledDelete: false });
        return queryClient.invalidateQueries({ queryKey: profileKeys.me });
      },
    });

  return {
    choose,
    removeNow,
    isPending: upload.isPending || attach.isPending || remove.isPending,
    isRemoving: remove.isPending,
  };
}
