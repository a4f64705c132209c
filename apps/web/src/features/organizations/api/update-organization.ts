import { organizationsEndpoints, type UpdateOrganizationRequest } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

/** Name, type and avatar (image_id null removes it). */
export function updateOrganization({ id, body }: { id: number; body: UpdateOrganizationRequest }) {
  return callEndpoint(organizationsEndpoints.update, { params: { id }, body });
}

/** Spec section 8: the server's message is shown as-is on update. */
export function useUpdateOrganization() {
  return useApiMutation({
    mutationFn: updateOrganization,
    successToast: SERVER_MESSAGE,
    invalidates: [organizationKeys.all],
  });
}
