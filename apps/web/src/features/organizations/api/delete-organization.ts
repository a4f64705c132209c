import { organizationsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';

/** Owner and admins. */
export function deleteOrganization(id: number) {
  return callEndpoint(organizationsEndpoints.delete, { params: { id } });
}

export function useDeleteOrganization() {
  return useApiMutation({
    mutationFn: deleteOrganization,
    // The open organization is left alone: the settings screen is still open during the 1500 ms follow-up.
    invalidates: [...organizationKeys.lists, organizationKeys.pendingUsers, profileKeys.me],
    refreshOnSettled: true,
  });
}
