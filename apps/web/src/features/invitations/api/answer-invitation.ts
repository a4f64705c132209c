import { invitationsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { invitationKeys } from '@/lib/query-keys/invitations';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

/** Accepting makes the caller an active member: their organizations, profile and invitations change. */
const refreshed = [invitationKeys.all, organizationKeys.all, profileKeys.me];

export function acceptInvitation(id: number) {
  return callEndpoint(invitationsEndpoints.accept, { params: { id } });
}

export function declineInvitation(id: number) {
  return callEndpoint(invitationsEndpoints.decline, { params: { id } });
}

/** 'Принять': the server's 'Вы вступили в организацию «…»'; a refusal shows its reason (410, 409 plan). */
export function useAcceptInvitation() {
  return useApiMutation({
    mutationFn: acceptInvitation,
    successToast: SERVER_MESSAGE,
    failureToast: 'Не удалось принять приглашение',
    invalidates: refreshed,
  });
}

/** 'Отклонить'. */
export function useDeclineInvitation() {
  return useApiMutation({
    mutationFn: declineInvitation,
    successToast: SERVER_MESSAGE,
    failureToast: 'Не удалось отклонить приглашение',
    invalidates: refreshed,
  });
}
