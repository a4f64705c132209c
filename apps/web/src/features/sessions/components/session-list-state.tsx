import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListEmpty, ListError, StaleNotice } from '@/components/list-frame/list-states';
import { useText } from '@/lib/i18n/catalogue';
import { SESSIONS_LOAD_FAILED, type SessionsPage } from '../api/get-sessions';
import { sessionsTexts } from '../texts';

type SessionListStateProps = {
  sessions: UseQueryResult<SessionsPage>;
  /** The line under 'Нет данных'. */
  emptyHint?: string;
  /** The rows, once there are some. */
  children: ReactNode;
};

/**
 * A sessions list's states (decision 0164), the same on 'Безопасность' and on an account's admin screen:
 * loading, failed with 'Повторить', empty with its next step, or the rows (kept, with a notice, when a
 * refresh fails).
 */
export function SessionListState({ sessions, emptyHint, children }: SessionListStateProps) {
  const t = useText(sessionsTexts);
  if (sessions.isPending) return <Skeleton height={120} aria-label={t('Загрузка')} />;
  if (sessions.isError && !sessions.data) {
    return <ListError compact title={t(SESSIONS_LOAD_FAILED)} query={sessions} />;
  }
  if ((sessions.data?.items.length ?? 0) === 0) return <ListEmpty compact hint={emptyHint} />;
  return (
    <>
      {sessions.isError && <StaleNotice title={t(SESSIONS_LOAD_FAILED)} query={sessions} />}
      {children}
    </>
  );
}
