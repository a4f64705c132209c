import { adminEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n';
import { profileKeys } from '@/lib/query-keys/profile';
import { sessionKeys } from '@/lib/query-keys/sessions';
import { useApiMutation } from '@/lib/use-api-mutation';
import { adminUsersTexts } from '../texts';

// Admin actions on an account (issue 5, docs/decisions/0043-admin-user-actions.md). The server refuses
// them against oneself (409) and for non-admins (403); its message is the toast either way.

/** Ends every session of the account ('Разлогинить'). */
export function logoutUser(userId: number) {
  return callEndpoint(adminEndpoints.logoutUser, { params: { id: userId } });
}

/** 'Заблокировать' / 'Разблокировать'. */
export function setUserBlocked(input: { userId: number; blocked: boolean }) {
  const endpoint = input.blocked ? adminEndpoints.blockUser : adminEndpoints.unblockUser;
  return callEndpoint(endpoint, { params: { id: input.userId } });
}

export function useLogoutUser() {
  const t = useText(adminUsersTexts);
  return useApiMutation({
    mutationFn: logoutUser,
    successToast: t('Все сеансы пользователя завершены'),
    invalidates: [sessionKeys.adminList],
  });
}

export function useSetUserBlocked() {
  const t = useText(adminUsersTexts);
  return useApiMutation({
    mutationFn: setUserBlocked,
    successToast: ({ message, data }) =>
      message || (data.blocked ? t('Пользователь заблокирован') : t('Пользователь разблокирован')),
    // Blocking ends the user's sessions too.
    invalidates: [...profileKeys.accounts, sessionKeys.adminList],
  });
}
