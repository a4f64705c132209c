import { type SsoSettings, SsoSettingsUpdateSchema } from '@cabinet/contracts';
import { PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { FormFrame } from '@/components/form-frame';
import { useText } from '@/lib/i18n';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { useSaveSsoSettings } from '../api/sso-settings';
import { ssoTexts } from '../texts';

type FormValues = {
  issuer: string;
  client_id: string;
  client_secret: string;
  display_name: string;
  enabled: boolean;
  enforce: boolean;
  default_type_id: number;
};

// No label here contains 'Название' or 'Роль': the organization's own name field and the members' role
// selects are found by those words on the same page (screen readers and tests alike).
const FIELD_LABELS = {
  issuer: 'Адрес издателя (issuer)',
  client_id: 'Client ID',
  client_secret: 'Секрет клиента',
  display_name: 'Имя поставщика на кнопке входа',
  default_type_id: 'Кем добавлять новых участников',
} as const;

const ROLE_OPTIONS = [
  { value: '2', label: 'Участник' },
  { value: '3', label: 'Администратор' },
] as const;

const valuesOf = (settings: SsoSettings): FormValues => ({
  issuer: settings.issuer,
  client_id: settings.client_id,
  client_secret: '',
  display_name: settings.display_name,
  enabled: settings.enabled,
  enforce: settings.enforce,
  default_type_id: settings.default_type_id,
});

type SsoSettingsFormProps = {
  organizationId: number;
  settings: SsoSettings;
  /** The owner's plan has no SSO: the settings are shown, not changed. */
  locked: boolean;
};

/**
 * The connection's fields (issue 30): issuer, client ID and secret (never shown, only replaced), the
 * button's name, the role of members the first sign-in adds, and the two switches. Turning 'Только через SSO'
 * on asks first and says what it ends.
 */
export function SsoSettingsForm({ organizationId, settings, locked }: SsoSettingsFormProps) {
  const t = useText(ssoTexts);
  const labels = {
    issuer: t(FIELD_LABELS.issuer),
    client_id: t(FIELD_LABELS.client_id),
    client_secret: t(FIELD_LABELS.client_secret),
    display_name: t(FIELD_LABELS.display_name),
    default_type_id: t(FIELD_LABELS.default_type_id),
  };
  const save = useSaveSsoSettings(organizationId);
  const [confirmEnforce, setConfirmEnforce] = useState(false);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: schemaResolver(SsoSettingsUpdateSchema, { sync: true }),
    validateInputOnChange: true,
  });

  const version = `${settings.issuer}|${settings.client_id}|${settings.enabled}|${settings.enforce}|${settings.tested_at}|${settings.default_type_id}|${settings.display_name}`;
  useEffect(() => {
    form.setInitialValues(valuesOf(settings));
    form.setValues(valuesOf(settings));
    form.resetDirty(valuesOf(settings));
  }, [version]);

  const busy = save.isPending;
  const newTarget = form.values.issuer !== settings.issuer || form.values.client_id !== settings.client_id;
  const canEnable = settings.tested_at !== null && !newTarget;

  const submit = form.onSubmit((values) => {
    const { client_secret, ...rest } = values;
    save.mutate({ ...rest, ...(client_secret ? { client_secret } : {}) });
  });

  return (
    <>
      <FormFrame
        form={form}
        labels={labels}
        changed={form.isDirty()}
        onSubmit={submit}
        busy={busy}
        submitLabel={t('Сохранить настройки SSO')}
        onCancel={() => form.reset()}
      >
        <fieldset disabled={locked || busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <TextInput
              {...form.getInputProps('issuer')}
              label={labels.issuer}
              description={t(
                'Например, https://sso.company.ru/realms/company или https://login.microsoftonline.com/<tenant>/v2.0',
              )}
              placeholder="https://…"
              withAsterisk
              autoComplete="off"
              spellCheck={false}
            />
            <TextInput
              {...form.getInputProps('client_id')}
              label={labels.client_id}
              withAsterisk
              autoComplete="off"
              spellCheck={false}
            />
            <PasswordInput
              {...form.getInputProps('client_secret')}
              label={labels.client_secret}
              description={
                settings.client_secret_set
                  ? t('Сохранён и не показывается. Оставьте поле пустым, чтобы не менять его')
                  : t('Хранится зашифрованным и больше не показывается')
              }
              withAsterisk={!settings.client_secret_set}
              autoComplete="new-password"
            />
            <TextInput
              {...form.getInputProps('display_name')}
              label={labels.display_name}
              description={t('«Войти через …» на экране входа; пусто — название организации')}
              maxLength={80}
            />
            <Select
              label={labels.default_type_id}
              description={t('Кого первый вход через SSO добавляет в организацию')}
              data={ROLE_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
              value={String(form.values.default_type_id)}
              onChange={(value) => form.setFieldValue('default_type_id', Number(value ?? 2))}
              error={form.errors.default_type_id}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Switch
              label={t('Вход через SSO включён')}
              description={
                canEnable
                  ? t('Адреса подтверждённых доменов увидят «Войти через …» на экране входа')
                  : t('Включить можно после успешной проверки подключения с этими адресом и client ID')
              }
              checked={form.values.enabled}
              disabled={!canEnable && !form.values.enabled}
              onChange={(event) => form.setFieldValue('enabled', event.currentTarget.checked)}
            />
            <Switch
              label={t('Только через SSO')}
              description={t(
                'Другие способы входа для адресов подтверждённых доменов будут отклонены (кроме владельца и администраторов сайта)',
              )}
              checked={form.values.enforce}
              onChange={(event) => {
                if (event.currentTarget.checked && !settings.enforce) setConfirmEnforce(true);
                else form.setFieldValue('enforce', event.currentTarget.checked);
              }}
            />
          </Stack>
        </fieldset>
      </FormFrame>
      <ConfirmDeleteDialog
        opened={confirmEnforce}
        onClose={() => setConfirmEnforce(false)}
        title={t('Разрешить вход только через SSO?')}
        confirmLabel={t('Только через SSO')}
        confirmColor="orange"
        busy={false}
        onConfirm={() => {
          form.setFieldValue('enforce', true);
          setConfirmEnforce(false);
        }}
      >
        <Text size="sm">
          {t(
            'Аккаунты с адресами подтверждённых доменов смогут входить только через единый вход: код из письма, ключи доступа, Яндекс ID, вход приложений и новые токены доступа будут отклонены.',
          )}
        </Text>
        <Text size="sm">
          {t(
            'Когда вы сохраните настройки при включённом входе через SSO, их сеансы, открытые не через SSO, завершатся, а токены доступа будут отозваны. Владельца организации и администраторов сайта это не касается.',
          )}
        </Text>
      </ConfirmDeleteDialog>
    </>
  );
}
