import type { UpdateOrganizationRequest } from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { notifySuccess } from '@/lib/toasts';
import { organizationKeys } from './keys';

/** PUT /api/v1/rest/organizations/{id}: name, type and avatar (image_id null removes it). */
export async function updateOrganization({ id, body }: { id: number; body: UpdateOrganizationRequest }) {
  return apiClient.put(`/rest/organizations/${id}`, body, { schema: z.null() });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    // Spec section 8: the server's message is shown as-is on update.
    onSuccess: async ({ message }) => {
      if (message) notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
