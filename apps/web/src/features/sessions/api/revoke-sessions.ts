import { sessionsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { sessionKeys } from '@/lib/query-keys/sessions';
import { useApiMutation } from '@/lib/use-api-mutation';

// Ending sessions (decision 0140): the ended session's next request answers 401, wherever it is.

export function revokeSession(id: number) {
  return callEndpoint(sessionsEndpoints.revoke, { params: { id } });
}

/** 'Завершить' on one of one's own sessions. */
export function useRevokeSession() {
  return useApiMutation({
    mutationFn: revokeSession,
    successToast: 'Сеанс завершён',
    failureToast: 'Не удалось завершить сеанс',
    invalidates: [sessionKeys.list],
  });
}

export function revokeOtherSessions() {
  return callEndpoint(sessionsEndpoints.revokeOthers);
}

/** 'Выйти на всех других устройствах'. */
export function useRevokeOtherSessions() {
  return useApiMutation({
    mutationFn: revokeOtherSessions,
    successToast: 'Сеансы на других устройствах завершены',
    failureToast: 'Не удалось завершить сеансы',
    invalidates: [sessionKeys.list],
  });
}

export function revokeUserSession(input: { userId: number; sessionId: number }) {
  return callEndpoint(sessionsEndpoints.adminRevoke, { params: { id: input.userId, sid: input.sessionId } });
}

/** An admin's 'Завершить' on a user's session. */
export function useRevokeUserSession() {
  return useApiMutation({
    mutationFn: revokeUserSession,
    successToast: 'Сеанс завершён',
    failureToast: 'Не удалось завершить сеанс',
    invalidates: [sessionKeys.adminList],
  });
}
