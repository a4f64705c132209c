import { type CreateOrganizationRequest, organizationsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

/** The caller becomes the owner (admins may pass members). */
export function createOrganization(body: CreateOrganizationRequest) {
  return callEndpoint(organizationsEndpoints.create, { body });
}

/** Spec section 8: a failed create shows the answer's data field, else its message (the default). */
export function useCreateOrganization() {
  return useApiMutation({
    mutationFn: createOrganization,
    successToast: SERVER_MESSAGE,
    invalidates: [organizationKeys.all, profileKeys.me],
  });
}
