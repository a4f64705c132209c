import { type ListMeta, type Session, sessionsEndpoints } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { sessionKeys } from '@/lib/query-keys/sessions';

export const SESSIONS_PAGE_SIZE = 20;
export const SESSIONS_LOAD_FAILED = 'Не удалось получить список сеансов';

export type SessionsPage = { items: Session[]; meta: ListMeta };

/** The caller's sessions, newest first; `current` marks this browser's. */
export async function getSessions(page: number): Promise<SessionsPage> {
  const { data, meta } = await callEndpoint(sessionsEndpoints.list, {
    query: { page, perPage: SESSIONS_PAGE_SIZE },
  });
  return { items: data, meta };
}

export function sessionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: sessionKeys.listPage(page),
    queryFn: () => getSessions(page),
    placeholderData: keepPreviousData,
    // The panel says it failed, with 'Повторить' (decision 0164): no toast besides.
    meta: { errorToast: false },
  });
}

export function useSessions(page: number) {
  return useQuery(sessionsQueryOptions(page));
}

/** A user's sessions, for admins. */
export async function getUserSessions(userId: number, page: number): Promise<SessionsPage> {
  const { data, meta } = await callEndpoint(sessionsEndpoints.adminList, {
    params: { id: userId },
    query: { page, perPage: SESSIONS_PAGE_SIZE },
  });
  return { items: data, meta };
}

export function useUserSessions(userId: number, page: number) {
  return useQuery({
    queryKey: sessionKeys.adminListPage(userId, page),
    queryFn: () => getUserSessions(userId, page),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
