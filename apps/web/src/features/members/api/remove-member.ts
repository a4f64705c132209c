import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { organizationKeys } from '@/features/organizations/api/keys';
import { profileQueryKey } from '@/features/profile/api/get-profile';
import { ApiError, apiClient } from '@/lib/api-client';
import { failureText } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/toasts';

export const REMOVE_MEMBER_FAILED = 'Не удалось удалить участника';

type RemoveMemberInput = { organizationId: number; userId: number };

/**
 * DELETE /api/v1/rest/organizations/delete-member/{id} {user_id}: removes a member, rejects a join
 * request, or (with one's own id) leaves the organization.
 */
export async function removeMember({ organizationId, userId }: RemoveMemberInput) {
  return apiClient.delete(
    `/rest/organizations/delete-member/${organizationId}`,
    { user_id: userId },
    { schema: z.null() },
  );
}

type Options = {
  /** Toast of a failure the server gives no usable reason for. */
  failureToast?: string;
};

/** Spec section 8: the server's message is shown as-is on delete-member. */
export function useRemoveMember({ failureToast = REMOVE_MEMBER_FAILED }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    meta: { errorToast: false },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) notifyError(failureText(error, failureToast));
    },
    onSuccess: async ({ message }) => {
      if (message) notifySuccess(message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
