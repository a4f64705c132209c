import { callLazyEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { invitationsEndpoint } from '@/lib/lazy-endpoints';
import { invitationKeys } from '@/lib/query-keys/invitations';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';
import { invitationTexts } from '../texts';

/** Accepting makes the caller an active member: their organizations, profile and invitations change. */
const refreshed = [invitationKeys.all, organizationKeys.all, profileKeys.me];

export function acceptInvitation(id: number) {
  return callLazyEndpoint(invitationsEndpoint('accept'), { params: { id } });
}

export function declineInvitation(id: number) {
  return callLazyEndpoint(invitationsEndpoint('decline'), { params: { id } });
}

/**
 * What a screen does once an answer succeeded, before the refresh: the link's screen leaves first, since
 * the refresh reads its invitation as used and would unmount it (a mutate() callback would then be lost).
 */
type Answered = (invitationId: number) => void;

/** 'Принять': the server's 'Вы вступили в организацию «…»'; a refusal shows its reason (410, 409 plan). */
export function useAcceptInvitation(onAccepted?: Answered) {
  return useApiMutation({
    mutationFn: acceptInvitation,
    successToast: SERVER_MESSAGE,
    failureToast: textNow(invitationTexts)('Не удалось принять приглашение'),
    invalidates: refreshed,
    onSuccess: (_result, id) => onAccepted?.(id),
  });
}

/** 'Отклонить'. */
export function useDeclineInvitation(onDeclined?: Answered) {
  return useApiMutation({
    mutationFn: declineInvitation,
    successToast: SERVER_MESSAGE,
    failureToast: textNow(invitationTexts)('Не удалось отклонить приглашение'),
    invalidates: refreshed,
    onSuccess: (_result, id) => onDeclined?.(id),
  });
}
