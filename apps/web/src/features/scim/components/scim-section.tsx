import type { ScimTokenStatus } from '@cabinet/contracts';
import type { Translate } from '@cabinet/contracts/i18n';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { LoadError } from '@/components/load-error';
import { SectionCard } from '@/components/section-card';
import { SubmitButton } from '@/components/submit-button';
import { formatDate, formatDateTime } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { SCIM_LOAD_FAILED, useCreateScimToken, useScimToken } from '../api/scim-token';
import { type ScimText, scimTexts } from '../texts';

/** 'Скопировать' that says 'Скопировано' for a moment; `label` names what it copies for screen readers. */
function CopyValue({ value, label }: { value: string; label: string }) {
  const t = useText(scimTexts);
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button variant="default" onClick={copy} aria-label={t('{label}: скопировать', { label })}>
          {copied ? t('Скопировано') : t('Скопировать')}
        </Button>
      )}
    </CopyButton>
  );
}

function tokenFacts(t: Translate<ScimText>, status: ScimTokenStatus): string {
  return [
    t('создан {date}', { date: formatDate(status.created_at) }),
    status.last_used_at
      ? t('последний запрос {date}', { date: formatDateTime(status.last_used_at) })
      : t('ещё не использовался'),
  ].join(' · ');
}

/**
 * 'SCIM' of an organization's settings (issue 30): the base URL an identity provider is given, the token
 * ('Создать токен', or 'Заменить токен' after a confirmation), shown once with 'Скопировать', its last use,
 * and why it does nothing while the owner's plan has no SSO and SCIM.
 */
export function ScimSection({ organizationId }: { organizationId: number }) {
  const t = useText(scimTexts);
  const status = useScimToken(organizationId);
  const create = useCreateScimToken(organizationId);
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const make = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setConfirming(false);
        setShown(created.token);
      },
    });

  if (status.isError) return <LoadError title={t(SCIM_LOAD_FAILED)} query={status} />;
  const data = status.data;
  return (
    <SectionCard title="SCIM">
      <Text size="sm" c="dimmed">
        {t(
          'Каталог компании (Microsoft Entra ID, Keycloak и другие) добавляет и удаляет участников по протоколу SCIM 2.0 — только адреса подтверждённых доменов организации.',
        )}
      </Text>
      {!data ? (
        <Skeleton height={96} aria-label={t('Загрузка настроек SCIM')} />
      ) : (
        <Stack gap="md">
          {!data.available && data.unavailable_reason && (
            <Alert
              color="yellow"
              icon={<IconInfoCircle size={18} aria-hidden />}
              title={t('SCIM не работает')}
            >
              {data.unavailable_reason}
            </Alert>
          )}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('Адрес SCIM (Base URL)')}
              value={data.base_url}
              readOnly
              style={{ flex: '1 1 240px' }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <CopyValue value={data.base_url} label={t('Адрес SCIM')} />
          </Group>
          <Stack gap={4}>
            <Text fw={600}>{t('Токен SCIM')}</Text>
            {data.exists ? (
              <>
                <Text size="sm" ff="monospace">
                  {data.prefix}…
                </Text>
                <Text size="sm" c="dimmed">
                  {tokenFacts(t, data)}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('Токена ещё нет')}
              </Text>
            )}
          </Stack>
          <Group>
            <SubmitButton
              type="button"
              variant={data.exists ? 'default' : 'filled'}
              loading={create.isPending && !confirming}
              blockedReason={data.available ? null : data.unavailable_reason}
              onClick={() => (data.exists ? setConfirming(true) : make())}
            >
              {data.exists ? t('Заменить токен') : t('Создать токен')}
            </SubmitButton>
          </Group>
        </Stack>
      )}
      <ConfirmDeleteDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('Заменить токен SCIM?')}
        confirmLabel={t('Заменить токен')}
        busy={create.isPending}
        onConfirm={make}
      >
        <Text size="sm">
          {t(
            'Старый токен перестанет работать сразу: каталог компании не сможет добавлять и удалять участников, пока вы не впишете в него новый.',
          )}
        </Text>
      </ConfirmDeleteDialog>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t('Токен SCIM создан')}
        centered
        closeButtonProps={{ 'aria-label': t('Закрыть') }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t(
              'Скопируйте токен сейчас и впишите его в каталог компании вместе с адресом SCIM: больше он показан не будет.',
            )}
          </Text>
          <Code
            block
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            aria-label={t('Токен SCIM')}
          >
            {shown}
          </Code>
          <Group justify="flex-end" gap="sm">
            {shown && <CopyValue value={shown} label={t('Токен SCIM')} />}
            <Button onClick={() => setShown(null)}>{t('Готово')}</Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
