import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { SectionCard } from '@/components/section-card';
import { SubmitButton } from '@/components/submit-button';
import { formatDateTime } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { SSO_LOAD_FAILED, useSsoSettings, useStartSsoTest } from '../api/sso-settings';
import { TEST_OUTCOMES, testOutcome } from '../lib/sso-texts';
import { ssoTexts } from '../texts';
import { SsoSettingsForm } from './sso-settings-form';

/** The outcome the API's callback left in the address after 'Проверить подключение', read once. */
function useTestOutcome() {
  const [outcome] = useState(() => {
    const found = testOutcome(window.location.hash);
    if (found) {
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    }
    return found;
  });
  return outcome;
}

/**
 * 'Единый вход (SSO)' on an organization's page (issue 30; decisions 0274–0281): the organization's own
 * OpenID Connect provider. The redirect URI to register, the connection, 'Проверить подключение' (a full
 * sign-in at the provider that signs nobody in), and why it does nothing while the owner's plan lacks SSO.
 */
export function SsoSection({ organizationId }: { organizationId: number }) {
  const t = useText(ssoTexts);
  const settings = useSsoSettings(organizationId);
  const startTest = useStartSsoTest(organizationId);
  const outcome = useTestOutcome();
  const data = settings.data;

  return (
    <SectionCard
      title={t('Единый вход (SSO)')}
      aside={
        data && (
          <Badge color={data.enabled && data.available ? 'green' : 'gray'} variant="light" tt="none">
            {data.enabled && data.available ? t('Включён') : t('Выключен')}
          </Badge>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {t(
          'Сотрудники входят через поставщика входа вашей компании (Keycloak, Entra ID, Google Workspace, Яндекс 360 и другие по OpenID Connect). Действует для адресов подтверждённых доменов организации.',
        )}
      </Text>
      {settings.isPending && <Skeleton height={240} />}
      {settings.isError && <LoadError title={t(SSO_LOAD_FAILED)} query={settings} />}
      {outcome && (
        <Alert
          color={outcome.outcome === 'ok' ? (outcome.inDomain ? 'green' : 'yellow') : 'red'}
          title={outcome.outcome === 'ok' ? t('Проверка прошла') : t('Проверка не прошла')}
          role="status"
        >
          {t(TEST_OUTCOMES[outcome.outcome])}
          {outcome.outcome === 'ok' &&
            !outcome.inDomain &&
            ` ${t('Но адрес, который он сообщил, не входит в подтверждённые домены: с ним войти не получится.')}`}
        </Alert>
      )}
      {data && (
        <Stack gap="lg">
          {!data.available && (
            <Alert color="yellow" title={t('Не действует')}>
              {data.unavailable_reason}
            </Alert>
          )}
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              label={t('Адрес возврата (redirect URI)')}
              description={t('Укажите его в настройках клиента у поставщика входа')}
              value={data.callback_url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={data.callback_url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('Скопировано') : t('Скопировать')} withArrow>
                  <Button
                    variant="default"
                    onClick={copy}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                    }
                  >
                    {copied ? t('Скопировано') : t('Копировать')}
                  </Button>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <SsoSettingsForm organizationId={organizationId} settings={data} locked={!data.available} />
          <Group gap="sm" align="center">
            <SubmitButton
              type="button"
              variant="light"
              leftSection={<IconPlugConnected size={18} aria-hidden />}
              loading={startTest.isPending}
              blockedReason={
                !data.available
                  ? data.unavailable_reason
                  : !data.configured
                    ? t('Сначала сохраните настройки подключения')
                    : null
              }
              onClick={() => startTest.mutate(undefined, { onSuccess: (url) => window.location.assign(url) })}
            >
              {t('Проверить подключение')}
            </SubmitButton>
            <Text size="sm" c="dimmed">
              {data.tested_at
                ? t('Проверено {date}', { date: formatDateTime(data.tested_at) })
                : t('Подключение ещё не проверено: вы войдёте у поставщика, в кабинет никто не войдёт')}
            </Text>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
