import { type Invitation, invitationsEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { invitationKeys } from '@/lib/query-keys/invitations';

/** The invitation of a link, with or without a session (404 unknown, 410 no longer open). */
export async function getInvitationByToken(token: string): Promise<Invitation> {
  const { data } = await callEndpoint(invitationsEndpoints.byToken, { params: { token } });
  return data;
}

export function invitationByTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.byToken(token),
    queryFn: () => getInvitationByToken(token),
    // The screen says what is wrong with the link itself; a signed-out visitor has no session to lose.
    meta: { errorToast: false, sessionless: true },
  });
}

export function useInvitationByToken(token: string) {
  return useQuery({ ...invitationByTokenQueryOptions(token), enabled: token !== '' });
}
