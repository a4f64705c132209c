import { organizationsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

type AcceptMemberInput = { organizationId: number; userId: number };

/** A join request becomes an active member. */
export function acceptMember({ organizationId, userId }: AcceptMemberInput) {
  return callEndpoint(organizationsEndpoints.acceptMember, {
    params: { id: organizationId },
    body: { user_id: userId },
  });
}

/** A failure shows the server's text (no request, plan limit), the query client's default. */
export function useAcceptMember() {
  return useApiMutation({
    mutationFn: acceptMember,
    successToast: SERVER_MESSAGE,
    invalidates: [organizationKeys.all],
  });
}
