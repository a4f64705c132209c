import { callLazyEndpoint } from '@/lib/api-client';
import { organizationsEndpoint } from '@/lib/lazy-endpoints';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

type AcceptMemberInput = { organizationId: number; userId: number };

/** A join request becomes an active member. */
export function acceptMember({ organizationId, userId }: AcceptMemberInput) {
  return callLazyEndpoint(organizationsEndpoint('acceptMember'), {
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
