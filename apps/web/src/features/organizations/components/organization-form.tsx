import {
  type CreateOrganizationRequest,
  type Organization,
  OrganizationFormSchema,
} from '@cabinet/contracts';
import { Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useState } from 'react';
import { AvatarField } from '@/components/avatar-field/avatar-field';
import {
  type AvatarValue,
  avatarOf,
  avatarValueFrom,
  isAvatarChanged,
} from '@/components/avatar-field/avatar-value';
import { ORGANIZATION_AVATAR_UPLOAD_ERROR, useAvatarSave } from '@/components/avatar-field/use-avatar-save';
import { FormFrame } from '@/components/form-frame';
import { useText } from '@/lib/i18n';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { referenceName } from '@/lib/reference-names';
import { notifySuccess } from '@/lib/toasts';
import { useCreateOrganization } from '../api/create-organization';
import { useOrganizationTypes } from '../api/get-organization-types';
import { useUpdateOrganization } from '../api/update-organization';
import { type OrganizationText, organizationTexts } from '../texts';

type FormValues = { name: string; type: number | null };

type CommonProps = {
  /** Called after a successful save with the organization id; the screen decides where to go. */
  onSaved: (organizationId: number) => void;
  /** 'Отмена'. In edit mode the form first returns to the saved values. */
  onCancel?: () => void;
  /** Label of the submit button. */
  submitLabel?: string;
  /** Extra buttons at the start of the button row, e.g. 'Удалить организацию'. */
  extraActions?: ReactNode;
};

export type OrganizationFormProps =
  | (CommonProps & {
      mode: 'create';
      organization?: undefined;
      /** Admins may send members with the create request (the first becomes the owner). */
      createExtras?: Pick<CreateOrganizationRequest, 'members'>;
    })
  | (CommonProps & { mode: 'edit'; organization: Organization; createExtras?: undefined });

/** What each type is for, in one line (issue 34, rule 12), by the type's code. */
const TYPE_HINTS: Record<string, OrganizationText> = {
  personal: 'Для себя: личное рабочее место.',
  team: 'Для группы людей, которые работают вместе.',
  company: 'Для компании с отделами и несколькими администраторами.',
};

/** A new organization is a team unless one chooses otherwise. */
const DEFAULT_TYPE_CODE = 'team';

function initialValues(organization: Organization | undefined): FormValues {
  return { name: organization?.name ?? '', type: organization?.type_id ?? null };
}

/**
 * Name, type and avatar of an organization, with the save flow of spec section 4: upload a chosen
 * avatar, delete one whose removal was scheduled, then create or update. Used by 'Новая организация',
 * the organization settings and the admin screens.
 */
export function OrganizationForm(props: OrganizationFormProps) {
  const t = useText(organizationTexts);
  const { mode, organization, onSaved, onCancel, extraActions } = props;
  const submitLabel =
    props.submitLabel ?? (mode === 'create' ? t('Создать организацию') : t('Сохранить изменения'));
  const types = useOrganizationTypes();
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const avatarSave = useAvatarSave({ uploadErrorToast: ORGANIZATION_AVATAR_UPLOAD_ERROR });
  const [avatar, setAvatar] = useState<AvatarValue>(() => avatarValueFrom(avatarOf(organization)));
  const [saving, setSaving] = useState(false);

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(organization),
    validate: schemaResolver(OrganizationFormSchema, { sync: true }),
    validateInputOnChange: true,
  });

  // Fresh data from the server (after a save or 'Отмена') becomes the form's starting point.
  const organizationVersion = organization ? `${organization.id}:${organization.updated_at}` : '';
  useEffect(() => {
    if (!organization) return;
    form.setInitialValues(initialValues(organization));
    form.setValues(initialValues(organization));
    form.resetDirty(initialValues(organization));
    setAvatar(avatarValueFrom(avatarOf(organization)));
  }, [organizationVersion]);

  const busy = saving || create.isPending || update.isPending || avatarSave.isPending;

  const submit = form.onSubmit(async (values) => {
    if (values.type === null) return;
    setSaving(true);
    try {
      const { imageId, avatar: saved } = await avatarSave.resolve(avatar);
      const name = values.name.trim();
      if (mode === 'create') {
        const { data } = await create.mutateAsync({
          name,
          type: values.type,
          ...(imageId ? { image_id: imageId } : {}),
          ...props.createExtras,
        });
        if (typeof imageId === 'number') notifySuccess(t('Аватар изменен'));
        onSaved(data.id);
      } else {
        await update.mutateAsync({
          id: organization.id,
          body: { name, type: values.type, ...(imageId !== undefined ? { image_id: imageId } : {}) },
        });
        if (typeof imageId === 'number') notifySuccess(t('Аватар изменен'));
        setAvatar(avatarValueFrom(saved));
        onSaved(organization.id);
      }
    } catch {
      // The query client has shown the toast; the form stays as it is for another try.
    } finally {
      setSaving(false);
    }
  });

  const cancel = () => {
    if (mode === 'edit') {
      form.reset();
      setAvatar(avatarValueFrom(avatarOf(organization)));
    }
    onCancel?.();
  };

  // A new organization starts as a 'Команда' once the types are in (issue 34, rule 12).
  const defaultTypeId = types.data?.find((type) => type.code === DEFAULT_TYPE_CODE)?.id;
  useEffect(() => {
    if (mode !== 'create' || defaultTypeId === undefined || form.values.type !== null) return;
    form.setInitialValues({ ...form.getInitialValues(), type: defaultTypeId });
    form.setFieldValue('type', defaultTypeId);
    form.resetDirty({ ...form.getValues(), type: defaultTypeId });
  }, [defaultTypeId]);

  const typeOptions = (types.data ?? []).map((type) => ({
    value: String(type.id),
    label: referenceName(type),
  }));
  const hintOf = (id: string | number | null) => {
    const code = types.data?.find((type) => String(type.id) === String(id))?.code;
    const hint = code ? TYPE_HINTS[code] : undefined;
    return hint ? t(hint) : undefined;
  };

  return (
    <FormFrame
      gap="lg"
      form={form}
      labels={{ name: t('Название'), type: t('Тип') }}
      changed={mode === 'edit' ? form.isDirty() || isAvatarChanged(avatar) : undefined}
      onSubmit={submit}
      busy={busy}
      submitLabel={submitLabel}
      onCancel={cancel}
      extraActions={extraActions}
      alwaysActive={mode === 'create'}
    >
      <TextInput
        {...form.getInputProps('name')}
        label={t('Название')}
        placeholder={t('Например, «Отдел разработки»')}
        withAsterisk
        maxLength={80}
        disabled={busy}
        autoComplete="organization"
      />
      <Select
        label={t('Тип')}
        placeholder={types.isPending ? t('Загрузка…') : t('Выберите тип')}
        withAsterisk
        data={typeOptions}
        value={form.values.type === null ? null : String(form.values.type)}
        description={hintOf(form.values.type)}
        renderOption={({ option }) => (
          <div>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {hintOf(option.value)}
            </Text>
          </div>
        )}
        onChange={(value) => form.setFieldValue('type', value ? Number(value) : null)}
        error={form.errors.type}
        disabled={busy || types.isPending}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage={t('Нет данных')}
      />
      <AvatarField
        label={t('Аватар организации')}
        value={avatar}
        onChange={setAvatar}
        name={form.values.name}
        disabled={busy}
      />
    </FormFrame>
  );
}
