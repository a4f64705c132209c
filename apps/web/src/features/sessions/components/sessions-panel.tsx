import { Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '@/components/list-frame/list-pagination';
import { SectionCard } from '@/components/section-card';
import { SubmitButton } from '@/components/submit-button';
import { useText } from '@/lib/i18n/catalogue';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions, useRevokeSession } from '../api/revoke-sessions';
import { sessionsTexts } from '../texts';
import { SessionList } from './session-list';
import { SessionListState } from './session-list-state';

/**
 * 'Устройства и сеансы' of the 'Безопасность' screen (issue 14): where the account is signed in, 'Это
 * устройство' on this browser, 'Завершить' on any other, 'Выйти на всех других устройствах'.
 */
export function SessionsPanel() {
  const t = useText(sessionsTexts);
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const items = sessions.data?.items ?? [];
  const total = sessions.data?.meta.total ?? 0;

  const confirmRevokeOthers = () =>
    modals.openConfirmModal({
      title: t('Выйти на всех других устройствах?'),
      children: (
        <Text size="sm">{t('Все сеансы, кроме этого, будут завершены: там придётся войти заново.')}</Text>
      ),
      labels: { confirm: t('Выйти на других устройствах'), cancel: t('Отмена') },
      confirmProps: { color: 'red' },
      onConfirm: () => revokeOthers.mutate(),
    });

  return (
    <SectionCard title={t('Устройства и сеансы')} gap="sm">
      <Text size="sm" c="dimmed">
        {t('Где выполнен вход в ваш аккаунт. Если не узнаёте устройство, завершите его сеанс.')}
      </Text>
      {/* Never empty while signed in: this browser's session is one. */}
      <SessionListState sessions={sessions}>
        <SessionList
          sessions={items}
          markCurrent
          onRevoke={(session) => revoke.mutate(session.id)}
          revokingId={revoke.isPending ? (revoke.variables ?? null) : null}
        />
      </SessionListState>
      <ListPagination pages={sessions.data?.meta.pages ?? 1} page={page} onChange={setPage} size="sm" />
      {/* Below the list, full width on phones: the words are long for a title's side. */}
      <Group justify="flex-end">
        <SubmitButton
          type="button"
          variant="default"
          leftSection={<IconLogout size={16} />}
          onClick={confirmRevokeOthers}
          loading={revokeOthers.isPending}
          // Says why it cannot act (decision 0165): until the list is in, and with no other session.
          blockedReason={
            !sessions.data ? t('Список сеансов ещё не получен') : total <= 1 ? t('Других сеансов нет') : null
          }
          w={{ base: '100%', xs: 'auto' }}
          // On the narrowest phones the words wrap onto a second line rather than being cut.
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {t('Выйти на всех других устройствах')}
        </SubmitButton>
      </Group>
    </SectionCard>
  );
}
