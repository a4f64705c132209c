import { MEMBER_TYPE_MEMBER, type Member, MemberSchema, USER_NOT_FOUND } from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/keys';
import { ApiError, apiClient } from '@/lib/api-client';
import { failureText } from '@/lib/error-message';
import { displayName } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toasts';
import { findUserByEmail } from './search-users';

export const INVITE_FAILED = 'Не удалось отправить приглашение';

/** POST /api/v1/rest/organizations/add-member/{id}: an existing user joins as an active member, type 2. */
export async function addMember({ organizationId, userId }: { organizationId: number; userId: number }) {
  return apiClient.post<Member>(
    `/rest/organizations/add-member/${organizationId}`,
    { user_id: userId, type: String(MEMBER_TYPE_MEMBER) },
    { schema: MemberSchema },
  );
}

class UserNotFoundError extends Error {}

/**
 * 'Добавить пользователя' (spec section 4): find the user by the exact e-mail, then add them with type 2.
 * Toasts: USER_NOT_FOUND, 'Пользователь {name} добавлен в организацию' (the e-mail when the
 * name is empty), and on failure 'Не удалось отправить приглашение' or the server's reason when it has
 * one the owner can act on (already a member, plan limit).
 */
export function useInviteMember(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => {
      const user = await findUserByEmail(email);
      if (!user) throw new UserNotFoundError(USER_NOT_FOUND);
      const { data } = await addMember({ organizationId, userId: user.id });
      return data;
    },
    meta: { errorToast: false },
    onError: (error) => {
      if (error instanceof UserNotFoundError) notifyError(USER_NOT_FOUND);
      else if (!(error instanceof ApiError && error.status === 401)) {
        notifyError(failureText(error, INVITE_FAILED));
      }
    },
    onSuccess: async (member) => {
      notifySuccess(`Пользователь ${displayName(member.account)} добавлен в организацию`);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
