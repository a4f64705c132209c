import { MEMBER_TYPE_ADMIN, MEMBER_TYPE_MEMBER, MEMBER_TYPE_OWNER } from '@cabinet/contracts';

// Member types as every screen names them (members, invitations, the invite link): here once, since no
// feature imports another.

/** Spec section 4, with issue 13's type 3: 1 'Владелец', 3 'Администратор', any other 'Участник'. */
export function memberTypeLabel(typeId: number): string {
  if (typeId === MEMBER_TYPE_OWNER) return 'Владелец';
  if (typeId === MEMBER_TYPE_ADMIN) return 'Администратор';
  return 'Участник';
}

/** The roles an owner may give when inviting or adding someone. */
export const ASSIGNABLE_ROLES = [
  { value: String(MEMBER_TYPE_MEMBER), label: 'Участник' },
  { value: String(MEMBER_TYPE_ADMIN), label: 'Администратор' },
];
