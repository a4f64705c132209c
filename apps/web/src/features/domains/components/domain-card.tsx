import type { OrganizationDomain } from '@cabinet/contracts';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { quoted } from '@/lib/quoted';
import { notifyError, notifySuccess } from '@/lib/toasts';
import { useRemoveDomain, useVerifyDomain } from '../api/domains';

/** 'пример.рф (xn--e1afmkfd.xn--p1ai)' for an IDN, the name alone otherwise. */
const domainName = (domain: OrganizationDomain) =>
  domain.unicode === domain.domain ? domain.domain : `${domain.unicode} (${domain.domain})`;

function copy(text: string, what: string) {
  // navigator.clipboard is missing outside secure contexts; that is a failed copy too.
  Promise.resolve()
    .then(() => navigator.clipboard.writeText(text))
    .then(
      () => notifySuccess(`${what} скопировано в буфер обмена`),
      () => notifyError('Ошибка при копировании в буфер обмена'),
    );
}

/** One line of the TXT record: what it is, the text to paste, and its copy button. */
function RecordLine({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
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
          Копировать
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
            {domain.verified ? 'Подтверждён' : 'Не подтверждён'}
          </Badge>
        </Group>
        {domain.verified ? (
          <Text size="sm" c="dimmed">
            Подтверждён {formatDateTime(domain.verified_at)}. Запись TXT можно удалить: домен останется
            подтверждённым, пока вы его не удалите.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Добавьте в DNS домена запись типа TXT и нажмите «Проверить». Если панель DNS просит имя без
              домена, укажите _cabinet-challenge. Изменения DNS иногда доходят за несколько часов.
            </Text>
            <RecordLine
              label="Имя записи"
              value={domain.record.name}
              copyLabel={`Копировать имя записи для ${name}`}
            />
            <RecordLine
              label="Значение"
              value={domain.record.value}
              copyLabel={`Копировать значение записи для ${name}`}
            />
            {domain.last_checked_at && !checkError && (
              <Text size="xs" c="dimmed">
                Последняя проверка: {formatDateTime(domain.last_checked_at)}
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
              aria-label={`Проверить домен ${name}`}
            >
              Проверить
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDeleting(true)}
            aria-label={`Удалить домен ${name}`}
          >
            Удалить
          </Button>
        </Group>
      </Stack>
      <ConfirmDeleteDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Удалить домен?"
        confirmLabel="Удалить домен"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(domain.id, { onSuccess: () => setDeleting(false) })}
      >
        <Text size="sm">
          {domain.verified
            ? `Домен ${quoted(name)} перестанет быть подтверждённым: единый вход (SSO) и SCIM больше не примут адреса этого домена. Чтобы вернуть его, понадобится снова проверить запись TXT.`
            : `Домен ${quoted(name)} будет удалён из списка.`}
        </Text>
      </ConfirmDeleteDialog>
    </Paper>
  );
}
