import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { profileQueryKey } from '@/features/profile/api/get-profile';
import { apiClient } from '@/lib/api-client';
import { organizationKeys } from './keys';

/** DELETE /api/v1/rest/organizations/{id} (owner and admins). */
export async function deleteOrganization(id: number) {
  return apiClient.delete(`/rest/organizations/${id}`, undefined, { schema: z.null() });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    // The detail query is left alone: the settings screen is still open during the 1500 ms follow-up.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.pending() }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
