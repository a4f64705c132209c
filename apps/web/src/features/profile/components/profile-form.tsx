import { type Profile, ProfileFormSchema } from '@cabinet/contracts';
import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { AvatarField } from '@/components/avatar-field/avatar-field';
import {
  type AvatarValue,
  avatarOf,
  avatarValueFrom,
  type ExistingAvatar,
  isAvatarChanged,
} from '@/components/avatar-field/avatar-value';
import { useAvatarSave } from '@/components/avatar-field/use-avatar-save';
import { FormFrame } from '@/components/form-frame';
import { useText } from '@/lib/i18n/catalogue';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { notifySuccess } from '@/lib/toasts';
import { useOwnAvatar } from '../api/save-own-avatar';
import { useUpdateProfile } from '../api/update-profile';
import { profileTexts } from '../texts';
import { DeleteAccountDialog } from './delete-account-dialog';
import type { OwnedOrganization } from './deleted-organizations-preview';

/** The account the form edits. */
export type ProfileFormUser = {
  id: number;
  name: string;
  email: string;
  avatar: ExistingAvatar | null;
  /** A new address of one's own waiting for its code (decision 0085). */
  pendingEmail?: string | null;
  /** Changes whenever the server's copy changes (updated_at), so the form picks up fresh data. */
  version?: string;
};

export function profileFormUserFromProfile(profile: Profile): ProfileFormUser {
  return {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    avatar: avatarOf(profile),
    pendingEmail: profile.pending_email,
    version: profile.updated_at,
  };
}

export type ProfileFormProps = {
  /** The account being edited. */
  user: ProfileFormUser;
  /**
   * 'self': the signed-in user (removing the avatar deletes it at once; 'Удалить аккаунт' is here).
   * 'admin': an admin edits someone else (avatar removal waits for save; the admin screen has its own
   * 'Удалить пользователя').
   */
  mode: 'self' | 'admin';
  onSaved?: () => void;
  onCancel?: () => void;
  /** After the own account is gone: the caller signs out and opens sign-in. */
  onDeleted?: () => void;
  /** In the delete confirmation: 'Передать' and 'Удалить' of an organization with other members. */
  organizationActions?: (organization: OwnedOrganization) => ReactNode;
};

type FormValues = { name: string; email: string };

/** Name, e-mail and avatar of an account, with save, cancel and delete (spec sections 2 and 4). */
export function ProfileForm({
  user,
  mode,
  onSaved,
  onCancel,
  onDeleted,
  organizationActions,
}: ProfileFormProps) {
  const t = useText(profileTexts);
  const update = useUpdateProfile();
  const avatarSave = useAvatarSave();
  const [avatar, setAvatar] = useState<AvatarValue>(() => avatarValueFrom(user.avatar));
  const ownAvatar = useOwnAvatar(user.id, setAvatar);
  const [saving, setSaving] = useState(false);
  const [deleteOpened, setDeleteOpened] = useState(false);

  const values = (): FormValues => ({ name: user.name, email: user.email });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: values(),
    validate: schemaResolver(ProfileFormSchema, { sync: true }),
    validateInputOnChange: true,
  });

  const version = `${user.id}:${user.version ?? ''}:${user.name}:${user.email}:${user.pendingEmail ?? ''}:${user.avatar?.id ?? ''}`;
  useEffect(() => {
    const stored = values();
    form.setInitialValues(stored);
    // What is being typed and not saved stays (the avatar saves on its own and brings a new version
    // meanwhile). A typed value the server took (the new name, or the new e-mail now waiting aside for its
    // code, decision 0085) gives way to what is stored.
    const taken = (field: 'name' | 'email', typed: string) =>
      typed === stored[field] || (field === 'email' && typed.trim().toLowerCase() === user.pendingEmail);
    for (const field of ['name', 'email'] as const) {
      const typed = form.getValues()[field];
      if (!form.isDirty(field) || taken(field, typed)) form.setFieldValue(field, stored[field]);
    }
    form.resetDirty(stored);
    setAvatar(avatarValueFrom(user.avatar));
  }, [version]);

  const busy = saving || update.isPending || avatarSave.isPending || ownAvatar.isPending;

  const submit = form.onSubmit(async (formValues) => {
    setSaving(true);
    try {
      const { imageId, avatar: saved } = await avatarSave.resolve(avatar);
      const email = formValues.email.trim().toLowerCase();
      await update.mutateAsync({
        userId: user.id,
        body: {
          name: formValues.name.trim(),
          // Only a new address is sent: the current one sent back would call off a pending change.
          ...(email !== user.email ? { email } : {}),
          ...(imageId !== undefined ? { image_id: imageId } : {}),
        },
      });
      if (typeof imageId === 'number') notifySuccess(t('Аватар изменен'));
      setAvatar(avatarValueFrom(saved));
      onSaved?.();
    } catch {
      // The toast is shown; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  });

  const cancel = () => {
    form.setValues(values());
    form.resetDirty(values());
    form.clearErrors();
    setAvatar(avatarValueFrom(user.avatar));
    onCancel?.();
  };

  return (
    <>
      <FormFrame
        gap="lg"
        form={form}
        labels={{ name: t('Имя'), email: 'Email' }}
        changed={form.isDirty() || isAvatarChanged(avatar)}
        onSubmit={submit}
        busy={busy}
        submitLabel={t('Сохранить изменения')}
        onCancel={cancel}
        extraActions={
          mode === 'self' && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setDeleteOpened(true)}
              disabled={busy}
            >
              {t('Удалить аккаунт')}
            </Button>
          )
        }
      >
        <AvatarField
          value={avatar}
          // One's own avatar is saved as soon as it is chosen (issue 16); an admin's edit waits for save.
          onChange={(next) =>
            mode === 'self' && next.file ? void ownAvatar.choose(next.file, avatar) : setAvatar(next)
          }
          name={form.values.name || form.values.email}
          disabled={busy}
          onRemoveExisting={mode === 'self' ? ownAvatar.removeNow : undefined}
          removing={ownAvatar.isRemoving}
        />
        <TextInput
          {...form.getInputProps('name')}
          // An admin names someone else (issue 34, rule 13); one's own form asks how to address you.
          label={mode === 'self' ? t('Имя') : t('Имя пользователя')}
          placeholder={mode === 'self' ? t('Как к вам обращаться') : t('Имя и фамилия')}
          withAsterisk
          autoComplete={mode === 'self' ? 'name' : 'off'}
          maxLength={80}
          disabled={busy}
        />
        <TextInput
          {...form.getInputProps('email')}
          label="Email"
          placeholder="name@company.ru"
          type="email"
          inputMode="email"
          withAsterisk
          autoComplete={mode === 'self' ? 'email' : 'off'}
          disabled={busy}
          description={
            form.isDirty('email')
              ? mode === 'self'
                ? t('На новый адрес придёт код подтверждения; до его ввода действует прежний адрес')
                : t('После смены адреса код для входа будет приходить на новый email')
              : undefined
          }
        />
      </FormFrame>
      {mode === 'self' && (
        <DeleteAccountDialog
          userId={user.id}
          opened={deleteOpened}
          onClose={() => setDeleteOpened(false)}
          organizationActions={organizationActions}
          onDeleted={() => {
            setDeleteOpened(false);
            onDeleted?.();
          }}
        />
      )}
    </>
  );
}
