import type { OrganizationDomain } from '@cabinet/contracts';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { notifyError, notifySuccess } from '@/lib/toasts';
import { useRemoveDomain, useVerifyDomain } from '../api/domains';
import { domainTexts } from '../texts';

/** 'пример.рф (xn--e1afmkfd.xn--p1ai)' for an IDN, the name alone otherwise. */
const domainName = (domain: OrganizationDomain) =>
  domain.unicode === domain.domain ? domain.domain : `${domain.unicode} (${domain.domain})`;

function copy(text: string, what: string) {
  // navigator.clipboard is missing outside secure contexts; that is a failed copy too.
  Promise.resolve()
    .then(() => navigator.clipboard.writeText(text))
    .then(
      () => notifySuccess(textNow(domainTexts)('{what} скопировано в буфер обмена', { what })),
      () => notifyError(textNow(domainTexts)('Ошибка при копировании в буфер обмена')),
    );
}

/** One line of the TXT record: what it is, the text to paste, and its copy button. */
function RecordLine({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const t = useText(domainTexts);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconCopy size={14} aria-hidden />}
          aria-label={copyLabel}
          onClick={() => copy(value, label)}
        >
          {t('Копировать')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A domain: its status, the TXT record to publish with copy buttons, 'Проверить' and 'Удалить'. */
export function DomainCard({
  organizationId,
  domain,
}: {
  organizationId: number;
  domain: OrganizationDomain;
}) {
  const t = useText(domainTexts);
  const verify = useVerifyDomain(organizationId);
  const remove = useRemoveDomain(organizationId);
  const [deleting, setDeleting] = useState(false);
  const name = domainName(domain);
  const checkError =
    verify.error instanceof ApiError ? verify.error.message : verify.error ? String(verify.error) : null;

  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={domain.unicode}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {name}
          </Text>
          <Badge color={domain.verified ? 'green' : 'gray'} variant="light" radius="sm" tt="none">
            {domain.verified ? t('Подтверждён') : t('Не подтверждён')}
          </Badge>
        </Group>
        {domain.verified ? (
          <Text size="sm" c="dimmed">
            {t(
              'Подтверждён {date}. Запись TXT можно удалить: домен останется подтверждённым, пока вы его не удалите.',
              { date: formatDateTime(domain.verified_at) },
            )}
          </Text>
        ) : (
          <>
            <Text size="sm">
              {t(
                'Добавьте в DNS домена запись типа TXT и нажмите «Проверить». Если панель DNS просит имя без домена, укажите _cabinet-challenge. Изменения DNS иногда доходят за несколько часов.',
              )}
            </Text>
            <RecordLine
              label={t('Имя записи')}
              value={domain.record.name}
              copyLabel={t('Копировать имя записи для {name}', { name })}
            />
            <RecordLine
              label={t('Значение')}
              value={domain.record.value}
              copyLabel={t('Копировать значение записи для {name}', { name })}
            />
            {domain.last_checked_at && !checkError && (
              <Text size="xs" c="dimmed">
                {t('Последняя проверка: {date}', { date: formatDateTime(domain.last_checked_at) })}
              </Text>
            )}
          </>
        )}
        {checkError && (
          <Alert color="red" variant="light" role="alert" p="sm">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {checkError}
            </Text>
          </Alert>
        )}
        <Group gap="xs">
          {!domain.verified && (
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={verify.isPending}
              onClick={() => verify.mutate(domain.id)}
              aria-label={t('Проверить домен {name}', { name })}
            >
              {t('Проверить')}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDeleting(true)}
            aria-label={t('Удалить домен {name}', { name })}
          >
            {t('Удалить')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDeleteDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('Удалить домен?')}
        confirmLabel={t('Удалить домен')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(domain.id, { onSuccess: () => setDeleting(false) })}
      >
        <Text size="sm">
          {domain.verified
            ? t(
                'Домен {domain} перестанет быть подтверждённым: единый вход (SSO) и SCIM больше не примут адреса этого домена. Чтобы вернуть его, понадобится снова проверить запись TXT.',
                { domain: quoted(name) },
              )
            : t('Домен {domain} будет удалён из списка.', { domain: quoted(name) })}
        </Text>
      </ConfirmDeleteDialog>
    </Paper>
  );
}
