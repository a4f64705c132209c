import { Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '@/components/list-frame/list-pagination';
import { SectionCard } from '@/components/section-card';
import { useText } from '@/lib/i18n/catalogue';
import { useUserSessions } from '../api/get-sessions';
import { useRevokeUserSession } from '../api/revoke-sessions';
import { sessionsTexts } from '../texts';
import { SessionList } from './session-list';
import { SessionListState } from './session-list-state';

/** 'Сеансы' of an account on its admin screen (issue 14): where the user is signed in, each to end. */
export function UserSessionsPanel({ userId }: { userId: number }) {
  const t = useText(sessionsTexts);
  const [page, setPage] = useState(1);
  const sessions = useUserSessions(userId, page);
  const revoke = useRevokeUserSession();

  return (
    <SectionCard title={t('Сеансы')} gap="sm">
      <Text size="sm" c="dimmed">
        {t(
          'Где выполнен вход в аккаунт пользователя. Завершённый сеанс перестаёт работать при следующем запросе.',
        )}
      </Text>
      <SessionListState sessions={sessions} emptyHint={t('Пользователь сейчас нигде не вошёл')}>
        <SessionList
          sessions={sessions.data?.items ?? []}
          markCurrent={false}
          onRevoke={(session) => revoke.mutate({ userId, sessionId: session.id })}
          revokingId={revoke.isPending ? (revoke.variables?.sessionId ?? null) : null}
        />
      </SessionListState>
      <ListPagination pages={sessions.data?.meta.pages ?? 1} page={page} onChange={setPage} size="sm" />
    </SectionCard>
  );
}
