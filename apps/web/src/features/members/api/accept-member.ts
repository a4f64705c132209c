import { type Member, MemberSchema } from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/keys';
import { apiClient } from '@/lib/api-client';
import { notifySuccess } from '@/lib/toasts';

type AcceptMemberInput = { organizationId: number; userId: number };

/** POST /api/v1/rest/organizations/accept-member/{id} {user_id}: a join request becomes an active member. */
export async function acceptMember({ organizationId, userId }: AcceptMemberInput) {
  return apiClient.post<Member>(
    `/rest/organizations/accept-member/${organizationId}`,
    { user_id: userId },
    { schema: MemberSchema },
  );
}

/** A failure shows the server's text (no request, plan limit), the query client's default. */
export function useAcceptMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptMember,
    onSuccess: async ({ message }) => {
      if (message) notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
