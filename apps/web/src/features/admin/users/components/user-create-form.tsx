import { ProfileEmailSchema, USER_TYPE_USER, UserNameSchema } from '@cabinet/contracts';
import { says } from '@cabinet/contracts/i18n';
import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { AvatarField } from '@/components/avatar-field/avatar-field';
import { type AvatarValue, avatarValueFrom } from '@/components/avatar-field/avatar-value';
import { useAvatarSave } from '@/components/avatar-field/use-avatar-save';
import { FormFrame } from '@/components/form-frame';
import { useText } from '@/lib/i18n';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { useCreateUser } from '../api/create-user';
import { adminUsersTexts } from '../texts';

/** Spec section 5: name and e-mail as in the profile, and a type is required. */
export const UserCreateFormSchema = z.object({
  name: UserNameSchema,
  email: ProfileEmailSchema,
  type: z.string().min(1, says('Обязательное поле')),
});
type UserCreateFormValues = z.input<typeof UserCreateFormSchema>;

type UserCreateFormProps = { onDone: () => void; onCancel: () => void };

/** 'Создание пользователя': name, e-mail, type and avatar; the spec's invitation flow on submit. */
export function UserCreateForm({ onDone, onCancel }: UserCreateFormProps) {
  const t = useText(adminUsersTexts);
  /** Spec section 9: an admin-created user is always of type 1 'Пользователь'. */
  const typeOptions = [{ value: String(USER_TYPE_USER), label: t('Пользователь') }];
  const form = useForm<UserCreateFormValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '', type: String(USER_TYPE_USER) },
    validate: schemaResolver(UserCreateFormSchema, { sync: true }),
    validateInputOnChange: true,
  });
  const [avatar, setAvatar] = useState<AvatarValue>(avatarValueFrom(null));
  const avatarSave = useAvatarSave();
  const createUser = useCreateUser();
  const busy = createUser.isPending || avatarSave.isPending;
  // The address the flow refused takes the focus once the form is no longer waiting (a disabled field
  // cannot take it).
  const focusEmail = useRef(false);
  useEffect(() => {
    if (busy || !focusEmail.current) return;
    focusEmail.current = false;
    form.getInputNode('email')?.focus();
  }, [busy]);

  const submit = form.onSubmit((values) => {
    const file = avatar.file;
    createUser.mutate(
      {
        name: values.name,
        email: values.email,
        uploadAvatar: file
          ? async () => {
              const { imageId } = await avatarSave.resolve({ file, scheduledDelete: false });
              if (typeof imageId !== 'number') throw new Error('no image id');
              return imageId;
            }
          : undefined,
      },
      {
        onSuccess: (outcome) => {
          // The spec's warnings are about the address: under its field, what was typed kept.
          if (outcome.status === 'warned') {
            form.setFieldError('email', t(outcome.warning));
            focusEmail.current = true;
            return;
          }
          // Saved: leaving (a step back in history, which is not immediate) must not ask (decision 0165).
          form.resetDirty();
          onDone();
        },
      },
    );
  });

  /** What every field of the form shares: required, waits while saving (its key is given apart: React 19). */
  const field = (name: keyof UserCreateFormValues) => ({
    withAsterisk: true,
    disabled: busy,
    ...form.getInputProps(name),
  });

  return (
    <FormFrame
      cardWidth={640}
      form={form}
      labels={{ name: t('Имя'), email: 'Email', type: t('Тип') }}
      onSubmit={submit}
      busy={busy}
      submitLabel={t('Создать пользователя')}
      onCancel={onCancel}
    >
      <TextInput
        key={form.key('name')}
        label={t('Имя')}
        placeholder={t('Введите имя')}
        autoComplete="off"
        {...field('name')}
      />
      <TextInput
        key={form.key('email')}
        label="Email"
        placeholder="user@example.com"
        type="email"
        autoComplete="off"
        {...field('email')}
      />
      <Select
        key={form.key('type')}
        label={t('Тип')}
        data={typeOptions}
        allowDeselect={false}
        {...field('type')}
      />
      <AvatarField value={avatar} onChange={setAvatar} name={form.values.name} disabled={busy} />
    </FormFrame>
  );
}
