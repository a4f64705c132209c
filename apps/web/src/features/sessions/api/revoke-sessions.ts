import { sessionsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { sessionKeys } from '@/lib/query-keys/sessions';
import { useApiMutation } from '@/lib/use-api-mutation';
import { sessionsTexts } from '../texts';

// Ending sessions (decision 0140): the ended session's next request answers 401, wherever it is.

export function revokeSession(id: number) {
  return callEndpoint(sessionsEndpoints.revoke, { params: { id } });
}

/** 'Завершить' on one of one's own sessions. */
export function useRevokeSession() {
  const t = useText(sessionsTexts);
  return useApiMutation({
    mutationFn: revokeSession,
    successToast: t('Сеанс завершён'),
    failureToast: t('Не удалось завершить сеанс'),
    invalidates: [sessionKeys.list],
  });
}

export function revokeOtherSessions() {
  return callEndpoint(sessionsEndpoints.revokeOthers);
}

/** 'Выйти на всех других устройствах'. */
export function useRevokeOtherSessions() {
  const t = useText(sessionsTexts);
  return useApiMutation({
    mutationFn: revokeOtherSessions,
    successToast: t('Сеансы на других устройствах завершены'),
    failureToast: t('Не удалось завершить сеансы'),
    invalidates: [sessionKeys.list],
  });
}

export function revokeUserSession(input: { userId: number; sessionId: number }) {
  return callEndpoint(sessionsEndpoints.adminRevoke, { params: { id: input.userId, sid: input.sessionId } });
}

/** An admin's 'Завершить' on a user's session. */
export function useRevokeUserSession() {
  const t = useText(sessionsTexts);
  return useApiMutation({
    mutationFn: revokeUserSession,
    successToast: t('Сеанс завершён'),
    failureToast: t('Не удалось завершить сеанс'),
    invalidates: [sessionKeys.adminList],
  });
}
