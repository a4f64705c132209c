import { type Invitation, invitationsEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { invitationKeys } from '@/lib/query-keys/invitations';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';
import { invitationTexts } from '../texts';

/**
 * The invitations 'Приглашения' shows: the open ones and the expired ones (which can be sent again or
 * revoked); accepted, declined and revoked invitations have nothing left to do.
 */
export async function getOrganizationInvitations(organizationId: number): Promise<Invitation[]> {
  const { data } = await callEndpoint(invitationsEndpoints.list, {
    params: { id: organizationId },
    query: { status: 'pending,expired', perPage: 100 },
  });
  return data;
}

export function organizationInvitationsQueryOptions(organizationId: number) {
  return queryOptions({
    queryKey: invitationKeys.list(organizationId),
    queryFn: () => getOrganizationInvitations(organizationId),
    // The section says it failed, with 'Повторить' (decision 0164): no toast besides.
    meta: { errorToast: false },
  });
}

export function useOrganizationInvitations(organizationId: number) {
  return useQuery(organizationInvitationsQueryOptions(organizationId));
}

type InvitationRef = { organizationId: number; invitationId: number };

export function resendInvitation({ organizationId, invitationId }: InvitationRef) {
  return callEndpoint(invitationsEndpoints.resend, { params: { id: organizationId, invitationId } });
}

export function revokeInvitation({ organizationId, invitationId }: InvitationRef) {
  return callEndpoint(invitationsEndpoints.revoke, { params: { id: organizationId, invitationId } });
}

/** 'Отправить повторно': the server's message; a refusal (429 within a minute, 409) says why. */
export function useResendInvitation() {
  return useApiMutation({
    mutationFn: resendInvitation,
    successToast: SERVER_MESSAGE,
    failureToast: textNow(invitationTexts)('Не удалось отправить приглашение'),
    invalidates: [invitationKeys.all, organizationKeys.all],
  });
}

/** 'Отозвать': the seat frees up, so the organization's numbers change too. */
export function useRevokeInvitation() {
  return useApiMutation({
    mutationFn: revokeInvitation,
    successToast: SERVER_MESSAGE,
    failureToast: textNow(invitationTexts)('Не удалось отозвать приглашение'),
    invalidates: [invitationKeys.all, organizationKeys.all],
  });
}
