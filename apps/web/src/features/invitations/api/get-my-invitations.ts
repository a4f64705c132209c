import type { Invitation } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazyEndpoint } from '@/lib/api-client';
import { invitationsEndpoint } from '@/lib/lazy-endpoints';
import { invitationKeys } from '@/lib/query-keys/invitations';

/** The caller's open invitations, to their verified e-mail. */
export async function getMyInvitations(): Promise<Invitation[]> {
  const { data } = await callLazyEndpoint(invitationsEndpoint('mine'), { query: { perPage: 100 } });
  return data;
}

export function myInvitationsQueryOptions() {
  return queryOptions({
    queryKey: invitationKeys.mine,
    queryFn: getMyInvitations,
    // A home screen list: its failure is only logged (spec section 8).
    meta: { errorToast: false },
  });
}

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}
