import {
  AdminUserBlockResponseSchema,
  type AdminUserBlockResult,
  AdminUserLogoutResponseSchema,
  type AdminUserLogoutResult,
} from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiClient } from '@/lib/api-client';
import { notifySuccess } from '@/lib/toasts';
import { adminUsersQueryKey } from './get-users';

// Admin actions on an account (issue 5, docs/decisions/0043-admin-user-actions.md). The server refuses
// them against oneself (409) and for non-admins (403); its message is the toast either way.

/** POST /api/v1/rest/admin/users/{id}/logout: ends every session of the account ('Разлогинить'). */
export function logoutUser(userId: number): Promise<ApiResult<AdminUserLogoutResult>> {
  return apiClient.post(`/rest/admin/users/${userId}/logout`, undefined, {
    schema: AdminUserLogoutResponseSchema.shape.data,
  });
}

/** POST …/{id}/block or …/{id}/unblock ('Заблокировать' / 'Разблокировать'). */
export function setUserBlocked(input: {
  userId: number;
  blocked: boolean;
}): Promise<ApiResult<AdminUserBlockResult>> {
  const verb = input.blocked ? 'block' : 'unblock';
  return apiClient.post(`/rest/admin/users/${input.userId}/${verb}`, undefined, {
    schema: AdminUserBlockResponseSchema.shape.data,
  });
}

export function useLogoutUser() {
  return useMutation({
    mutationFn: logoutUser,
    onSuccess: ({ message }) => notifySuccess(message || 'Все сеансы пользователя завершены'),
  });
}

export function useSetUserBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBlocked,
    onSuccess: ({ message, data }) => {
      notifySuccess(message || (data.blocked ? 'Пользователь заблокирован' : 'Пользователь разблокирован'));
      return queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
  });
}
