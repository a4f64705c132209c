import { MEMBER_TYPE_MEMBER, organizationsEndpoints, USER_NOT_FOUND } from '@cabinet/contracts';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { displayName } from '@/lib/format';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { useApiMutation } from '@/lib/use-api-mutation';
import { findUserByEmail } from '@/lib/user-lookup';

export const INVITE_FAILED = 'Не удалось отправить приглашение';

/** An existing user joins as an active member, type 2. */
export function addMember({ organizationId, userId }: { organizationId: number; userId: number }) {
  return callEndpoint(organizationsEndpoints.addMember, {
    params: { id: organizationId },
    body: { user_id: userId, type: String(MEMBER_TYPE_MEMBER) },
  });
}

/**
 * 'Добавить пользователя' (spec section 4): find the user by the exact e-mail, then add them with type 2.
 * Toasts: USER_NOT_FOUND, 'Пользователь {name} добавлен в организацию' (the e-mail when the
 * name is empty), and on failure 'Не удалось отправить приглашение' or the server's reason when it has
 * one the owner can act on (already a member, plan limit).
 */
export function useInviteMember(organizationId: number) {
  return useApiMutation({
    mutationFn: async (email: string) => {
      const user = await findUserByEmail(email);
      // A 404 the owner can act on: failureText shows its text instead of INVITE_FAILED.
      if (!user) throw new ApiError(404, USER_NOT_FOUND, 'NOT_FOUND');
      const { data } = await addMember({ organizationId, userId: user.id });
      return data;
    },
    successToast: (member) => `Пользователь ${displayName(member.account)} добавлен в организацию`,
    failureToast: INVITE_FAILED,
    invalidates: [organizationKeys.all],
  });
}
