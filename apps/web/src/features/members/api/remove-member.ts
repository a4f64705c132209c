import { callLazyEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { organizationsEndpoint } from '@/lib/lazy-endpoints';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';
import { memberTexts } from '../texts';

export const REMOVE_MEMBER_FAILED = 'Не удалось удалить участника';

type RemoveMemberInput = { organizationId: number; userId: number };

/** Removes a member, rejects a join request, or (with one's own id) leaves the organization. */
export function removeMember({ organizationId, userId }: RemoveMemberInput) {
  return callLazyEndpoint(organizationsEndpoint('removeMember'), {
    params: { id: organizationId },
    body: { user_id: userId },
  });
}

type Options = {
  /** Toast of a failure the server gives no usable reason for. */
  failureToast?: string;
};

/** Spec section 8: the server's message is shown as-is on delete-member. */
export function useRemoveMember({ failureToast }: Options = {}) {
  return useApiMutation({
    mutationFn: removeMember,
    successToast: SERVER_MESSAGE,
    failureToast: failureToast ?? textNow(memberTexts)(REMOVE_MEMBER_FAILED),
    invalidates: [organizationKeys.all, profileKeys.me],
  });
}
