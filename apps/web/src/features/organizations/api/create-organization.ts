import { type CreateOrganizationRequest, type Organization, OrganizationSchema } from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '@/features/profile/api/get-profile';
import { apiClient } from '@/lib/api-client';
import { notifySuccess } from '@/lib/toasts';
import { organizationKeys } from './keys';

/** POST /api/v1/rest/organizations: the caller becomes the owner (admins may pass members). */
export async function createOrganization(body: CreateOrganizationRequest) {
  return apiClient.post<Organization>('/rest/organizations', body, { schema: OrganizationSchema });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    // Spec section 8: a failed create shows the answer's data field, else its message (the default).
    onSuccess: async ({ message }) => {
      if (message) notifySuccess(message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
