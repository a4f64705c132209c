import { useMutation } from '@tanstack/react-query';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from '../texts';
import type { AvatarValue, ExistingAvatar } from './avatar-value';
import { deleteFile, uploadImage } from './files-api';

export type AvatarSaveResult = {
  /** image_id for the save request: the new image, null (remove) or undefined (keep as it is). */
  imageId: number | null | undefined;
  /** The avatar after the save. */
  avatar: ExistingAvatar | null;
};

export const AVATAR_UPLOAD_ERROR = 'Ошибка при загрузке аватара';
/** Spelled as in spec section 8. */
export const ORGANIZATION_AVATAR_UPLOAD_ERROR = 'Ошибка при загрузке аватара оргаанизации';
export const AVATAR_DELETE_ERROR = 'Не удалось удалить аватар';

type Options = {
  /** Toast of a failed upload: the profile's or the organization's text of spec section 8. */
  uploadErrorToast?: string;
};

/**
 * What saving a form does with its avatar (spec section 4): upload a chosen file, or delete the stored
 * avatar whose removal was scheduled. `resolve` answers the image_id for the save request and the avatar
 * as it will be. A failed upload throws after its toast, so the save stops.
 */
export function useAvatarSave({ uploadErrorToast = AVATAR_UPLOAD_ERROR }: Options = {}) {
  const t = useText(componentTexts);
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(file),
    // The caller's text: one of the constants above (an id), or a text it said already.
    meta: { errorToast: t(uploadErrorToast as typeof AVATAR_UPLOAD_ERROR) },
  });
  const remove = useMutation({
    mutationFn: deleteFile,
    meta: { errorToast: t(AVATAR_DELETE_ERROR) },
  });

  async function resolve(value: AvatarValue): Promise<AvatarSaveResult> {
    if (value.file) {
      const image = await upload.mutateAsync(value.file);
      return { imageId: image.id, avatar: { id: image.id, url: image.url } };
    }
    if (value.scheduledDelete && value.existing) {
      // The image is detached by the save request (image_id null) even if the file stays behind, for
      // instance an avatar someone else uploaded that this user may not delete; the toast says so.
      await remove.mutateAsync(value.existing.id).catch(() => undefined);
      return { imageId: null, avatar: null };
    }
    return { imageId: undefined, avatar: value.existing ?? null };
  }

  return { resolve, isPending: upload.isPending || remove.isPending };
}

/** Deletes a stored avatar at once (profile settings, spec section 4). */
export function useDeleteAvatarNow() {
  const t = useText(componentTexts);
  return useMutation({
    mutationFn: deleteFile,
    meta: { errorToast: t(AVATAR_DELETE_ERROR) },
  });
}
