/**
 * State of an avatar picker (spec section 4, 'Avatar'): the avatar the entity has now, a newly chosen
 * local file, and whether removing the current one is scheduled for the next save.
 */
export type ExistingAvatar = { id: number; url: string };

export type AvatarValue = {
  /** A file chosen on this device, not uploaded yet. */
  file?: File;
  /** The avatar stored on the server. */
  existing?: ExistingAvatar | null;
  /** The current avatar goes on save (organization and admin user settings). */
  scheduledDelete: boolean;
};

/** The stored avatar of a profile or an organization: its first file, if any. */
export function avatarOf(entity: { files: readonly ExistingAvatar[] } | undefined): ExistingAvatar | null {
  const file = entity?.files[0];
  return file ? { id: file.id, url: file.url } : null;
}

export function avatarValueFrom(existing: ExistingAvatar | null | undefined): AvatarValue {
  return { existing: existing ?? null, scheduledDelete: false };
}

/** The avatar as it will look after saving: a local file, the current one, or none. */
export function hasVisibleAvatar(value: AvatarValue): boolean {
  return Boolean(value.file) || (Boolean(value.existing) && !value.scheduledDelete);
}

/** Choosing a new file cancels a scheduled deletion (spec section 4). */
export function withChosenFile(value: AvatarValue, file: File): AvatarValue {
  return { ...value, file, scheduledDelete: false };
}

/**
 * 'Remove' means "no avatar after saving": the chosen file is dropped and the current avatar, if any, is
 * scheduled for deletion.
 */
export function withRemoval(value: AvatarValue): AvatarValue {
  return { existing: value.existing ?? null, scheduledDelete: Boolean(value.existing) };
}

export function isAvatarChanged(value: AvatarValue): boolean {
  return Boolean(value.file) || value.scheduledDelete;
}
