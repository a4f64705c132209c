import {
  invitationsEndpoints,
  MEMBER_TYPE_ADMIN,
  MEMBER_TYPE_MEMBER,
  organizationsEndpoints,
} from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { displayName } from '@/lib/format';
import { textNow } from '@/lib/i18n';
import { invitationKeys } from '@/lib/query-keys/invitations';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { useApiMutation } from '@/lib/use-api-mutation';
import { findUserByEmail } from '@/lib/user-lookup';
import { memberTexts } from '../texts';
import { updateMemberType } from './update-member-type';

export const INVITE_FAILED = 'Не удалось отправить приглашение';

/** An existing user joins as an active member, type 2. */
export function addMember({ organizationId, userId }: { organizationId: number; userId: number }) {
  return callEndpoint(organizationsEndpoints.addMember, {
    params: { id: organizationId },
    body: { user_id: userId, type: String(MEMBER_TYPE_MEMBER) },
  });
}

/** An invitation by e-mail: the address gets a link valid 7 days (decision 0130). */
export function createInvitation({
  organizationId,
  email,
  typeId,
}: {
  organizationId: number;
  email: string;
  typeId: number;
}) {
  return callEndpoint(invitationsEndpoints.create, {
    params: { id: organizationId },
    body: { email, type_id: typeId },
  });
}

type InviteInput = { email: string; typeId: number };
type InviteResult = { kind: 'added'; name: string } | { kind: 'invited'; message: string };

/**
 * 'Добавить пользователя' (spec section 4, issue 13): an existing account, found by the exact e-mail, joins
 * at once (type 2, then 3 when 'Администратор' was chosen); an address without an account gets an
 * invitation instead, and the toast says so. Failures: 'Не удалось отправить приглашение', or the server's
 * reason when it has one the owner can act on (already a member or invited, plan limit).
 */
export function useInviteMember(organizationId: number) {
  return useApiMutation({
    mutationFn: async ({ email, typeId }: InviteInput): Promise<InviteResult> => {
      const user = await findUserByEmail(email);
      if (!user) {
        const { message } = await createInvitation({ organizationId, email, typeId });
        return { kind: 'invited', message };
      }
      const { data } = await addMember({ organizationId, userId: user.id });
      if (typeId === MEMBER_TYPE_ADMIN) await updateMemberType({ organizationId, userId: user.id, typeId });
      return { kind: 'added', name: displayName(data.account) };
    },
    successToast: (result) =>
      result.kind === 'added'
        ? textNow(memberTexts)('Пользователь {name} добавлен в организацию', { name: result.name })
        : result.message,
    failureToast: textNow(memberTexts)(INVITE_FAILED),
    invalidates: [organizationKeys.all, invitationKeys.all],
  });
}
