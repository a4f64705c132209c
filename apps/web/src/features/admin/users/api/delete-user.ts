import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/keys';
import { deleteAccount } from '@/features/profile/api/delete-account';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/toasts';
import { adminCountsQueryKey } from '../../counts/api/get-admin-count';
import { adminUsersQueryKey } from './get-users';

/**
 * An admin deletes someone's account (DELETE /api/v1/rest/profile/delete/{id}, the profile's own call):
 * the account goes with the organizations it owns (docs/decisions/0042-account-deletion.md).
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // Spec section 8's text, unless the server says why (409: the last admin) (decision 0051).
    meta: { errorToast: false },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) {
        notifyError(failureText(error, 'Не удалось удалить пользователя'));
      }
    },
    onSuccess: async () => {
      notifySuccess('Пользователь удалён');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminCountsQueryKey }),
        // The organizations the account owned went with it.
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      ]);
    },
  });
}
