import { type AccountDeletePreview, AccountDeletePreviewSchema } from '@cabinet/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiClient } from '@/lib/api-client';
import { failureText } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/toasts';

export const ACCOUNT_DELETED = 'Пользователь удалён';
export const ACCOUNT_DELETE_FAILED = 'Не удалось удалить аккаунт';

/** GET /api/v1/rest/profile/delete-preview/{id}: the organizations that go with the account. */
export async function getDeletePreview(userId: number): Promise<AccountDeletePreview> {
  const { data } = await apiClient.get(`/rest/profile/delete-preview/${userId}`, {
    schema: AccountDeletePreviewSchema,
  });
  return data;
}

export function deletePreviewQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['profile', 'delete-preview', userId] as const,
    queryFn: () => getDeletePreview(userId),
    staleTime: 0,
  });
}

export function useDeletePreview(userId: number, enabled: boolean) {
  return useQuery({ ...deletePreviewQueryOptions(userId), enabled });
}

/** DELETE /api/v1/rest/profile/delete/{id}: the account, its organizations and its memberships. */
export async function deleteAccount(userId: number) {
  return apiClient.delete(`/rest/profile/delete/${userId}`, undefined, { schema: z.null() });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    meta: { errorToast: false },
    onError: (error) => {
      // 409: the last admin; the server says so.
      if (!(error instanceof ApiError && error.status === 401)) {
        notifyError(failureText(error, ACCOUNT_DELETE_FAILED));
      }
    },
    onSuccess: () => notifySuccess(ACCOUNT_DELETED),
  });
}
