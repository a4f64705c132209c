import { MEMBER_TYPE_ADMIN, MEMBER_TYPE_OWNER, type Member } from '@cabinet/contracts';
import type { Translate } from '@cabinet/contracts/i18n';
import { ASSIGNABLE_ROLES, memberTypeLabel } from '@/lib/member-types';
import type { MemberText } from '../texts';

export { memberTypeLabel };

/** A role's name in the page's language: this catalogue holds lib/member-types' three Russian names. */
export const roleName = (t: Translate<MemberText>, typeId: number): string =>
  t(memberTypeLabel(typeId) as MemberText);

/** The roles an owner may give, named in the page's language. */
export const assignableRoles = (t: Translate<MemberText>) =>
  ASSIGNABLE_ROLES.map((role) => ({ ...role, label: t(role.label as MemberText) }));

export function isOwner(member: Pick<Member, 'type_id'>): boolean {
  return member.type_id === MEMBER_TYPE_OWNER;
}

/** An organization admin (type 3): only the owner and site admins change or remove one. */
export function isOrganizationAdmin(member: Pick<Member, 'type_id'>): boolean {
  return member.type_id === MEMBER_TYPE_ADMIN;
}

/** Spec section 3: members are sorted ascending by type, so the owner comes first; then by id. */
export function sortMembers<T extends Pick<Member, 'type_id' | 'id'>>(members: readonly T[]): T[] {
  return [...members].sort((a, b) => a.type_id - b.type_id || a.id - b.id);
}
