import type { Passkey } from '@cabinet/contracts';
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconKey, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListPagination } from '@/components/list-frame/list-pagination';
import { ListEmpty, ListError, StaleNotice } from '@/components/list-frame/list-states';
import { SectionCard } from '@/components/section-card';
import { SubmitButton } from '@/components/submit-button';
import { TooltipAction } from '@/components/tooltip-action';
import { formatDate, formatDateTime } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n/catalogue';
import { passkeyErrorMessage } from '@/lib/passkey-errors';
import { useAddPasskey } from '../api/add-passkey';
import { useDeletePasskey, useRenamePasskey } from '../api/change-passkey';
import { PASSKEYS_LOAD_FAILED, usePasskeys } from '../api/get-passkeys';
import { passkeysTexts } from '../texts';
import { PasskeyNameDialog } from './passkey-name-dialog';

type Dialog =
  | { kind: 'add' }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'delete'; passkey: Passkey }
  | null;

const UNSUPPORTED = 'Этот браузер не поддерживает ключи доступа';

function usedText(passkey: Passkey): string {
  const t = textNow(passkeysTexts);
  return passkey.last_used_at
    ? t('последний вход {when}', { when: formatDateTime(passkey.last_used_at) })
    : t('ещё не использовался');
}

/**
 * 'Ключи доступа' of the 'Безопасность' screen (issue 14, decision 0143): the passkeys, named, with when
 * each was added and last used; add (after a code sign-in, so always signed in here), rename, remove.
 */
export function PasskeysPanel() {
  const t = useText(passkeysTexts);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const passkeys = usePasskeys(page);
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const supported = browserSupportsWebAuthn();
  const items = passkeys.data?.items ?? [];
  const close = () => {
    add.reset();
    rename.reset();
    setDialog(null);
  };
  const failure = (error: unknown) =>
    error ? passkeyErrorMessage(error, t('Не удалось добавить ключ доступа, попробуйте ещё раз')) : null;

  return (
    <SectionCard
      title={t('Ключи доступа')}
      gap="sm"
      aside={
        <SubmitButton
          type="button"
          size="sm"
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ kind: 'add' })}
          blockedReason={supported ? null : t(UNSUPPORTED)}
        >
          {t('Добавить ключ доступа')}
        </SubmitButton>
      }
    >
      <Text size="sm" c="dimmed">
        {t(
          'Входите без кода из письма: отпечатком пальца, лицом, PIN-кодом устройства или электронным ключом. Вход по коду из письма остаётся доступен всегда.',
        )}
      </Text>
      {!supported && (
        <Text size="sm" c="orange.9">
          {t(UNSUPPORTED)}.
        </Text>
      )}
      {passkeys.isError && passkeys.data && <StaleNotice title={t(PASSKEYS_LOAD_FAILED)} query={passkeys} />}
      {passkeys.isPending ? (
        <Skeleton height={64} aria-label={t('Загрузка')} />
      ) : passkeys.isError && !passkeys.data ? (
        <ListError compact title={t(PASSKEYS_LOAD_FAILED)} query={passkeys} />
      ) : items.length === 0 ? (
        <ListEmpty
          compact
          hint={supported ? t('Добавьте ключ доступа, чтобы входить без кода из письма') : undefined}
        />
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('Ключи доступа')}
        >
          {items.map((passkey) => (
            <Paper key={passkey.id} component="li" withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                    <IconKey size={20} stroke={1.6} />
                  </ThemeIcon>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {passkey.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('добавлен {date}', { date: formatDate(passkey.created_at) })} · {usedText(passkey)}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <TooltipAction
                    tooltip={t('Переименовать')}
                    label={t('Переименовать ключ доступа {name}', { name: passkey.name })}
                    icon={<IconPencil size={18} />}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    onClick={() => setDialog({ kind: 'rename', passkey })}
                  />
                  <TooltipAction
                    tooltip={t('Удалить')}
                    label={t('Удалить ключ доступа {name}', { name: passkey.name })}
                    icon={<IconTrash size={18} />}
                    variant="subtle"
                    color="red"
                    size="lg"
                    onClick={() => setDialog({ kind: 'delete', passkey })}
                  />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ListPagination pages={passkeys.data?.meta.pages ?? 1} page={page} onChange={setPage} size="sm" />

      <PasskeyNameDialog
        opened={dialog?.kind === 'add'}
        onClose={close}
        title={t('Новый ключ доступа')}
        initialName=""
        submitLabel={t('Продолжить')}
        busy={add.isPending}
        error={failure(add.error)}
        onSubmit={(name) => add.mutate(name, { onSuccess: close })}
      >
        <Text size="sm">
          {t('Назовите ключ, чтобы узнать его в списке. Затем браузер попросит подтвердить создание ключа.')}
        </Text>
      </PasskeyNameDialog>
      <PasskeyNameDialog
        opened={dialog?.kind === 'rename'}
        onClose={close}
        title={t('Переименовать ключ доступа')}
        initialName={dialog?.kind === 'rename' ? dialog.passkey.name : ''}
        submitLabel={t('Сохранить')}
        busy={rename.isPending}
        error={
          rename.error ? passkeyErrorMessage(rename.error, t('Не удалось переименовать ключ доступа')) : null
        }
        onSubmit={(name) =>
          dialog?.kind === 'rename' && rename.mutate({ id: dialog.passkey.id, name }, { onSuccess: close })
        }
      />
      <ConfirmDeleteDialog
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={t('Удалить ключ доступа?')}
        confirmLabel={t('Удалить ключ')}
        busy={remove.isPending}
        onConfirm={() =>
          dialog?.kind === 'delete' && remove.mutate(dialog.passkey.id, { onSettled: () => setDialog(null) })
        }
      >
        <Text size="sm">
          {t(
            'Ключом «{name}» больше нельзя будет войти. Удалите его и на самом устройстве, если оно у вас.',
            {
              name: dialog?.kind === 'delete' ? dialog.passkey.name : '',
            },
          )}
        </Text>
      </ConfirmDeleteDialog>
    </SectionCard>
  );
}
