import { Skeleton, Switch } from '@mantine/core';
import { ListError } from '@/components/list-frame/list-states';
import { SectionCard } from '@/components/section-card';
import { useText } from '@/lib/i18n/catalogue';
import {
  SECURITY_SETTINGS_LOAD_FAILED,
  useSecuritySettings,
  useUpdateSecuritySettings,
} from '../api/security-settings';
import { sessionsTexts } from '../texts';

/** 'Уведомления' of the 'Безопасность' screen: the new-device mail switch (decision 0141). */
export function NewDeviceMailCard() {
  const t = useText(sessionsTexts);
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  const checked = update.isPending
    ? (update.variables?.new_device_mail ?? false)
    : settings.data?.new_device_mail;

  return (
    <SectionCard title={t('Уведомления')} gap="sm">
      {settings.isPending ? (
        <Skeleton height={40} aria-label={t('Загрузка')} />
      ) : settings.isError && !settings.data ? (
        // A switch drawn without the setting would show a state the account may not have.
        <ListError compact title={t(SECURITY_SETTINGS_LOAD_FAILED)} query={settings} />
      ) : (
        <Switch
          checked={checked ?? true}
          disabled={!settings.data || update.isPending}
          onChange={(event) => update.mutate({ new_device_mail: event.currentTarget.checked })}
          label={t('Сообщать о входе с нового устройства')}
          description={t(
            'Письмо «Новый вход в аккаунт» придёт, когда в аккаунт войдут с устройства или адреса, с которых раньше не входили.',
          )}
        />
      )}
    </SectionCard>
  );
}
