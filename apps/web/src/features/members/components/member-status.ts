import { MEMBER_TYPE_OWNER, type Member } from '@cabinet/contracts';

/** Spec section 4: type 1 reads 'Владелец', any other 'Участник'. */
export function memberTypeLabel(typeId: number): string {
  return typeId === MEMBER_TYPE_OWNER ? 'Владелец' : 'Участник';
}

export function isOwner(member: Pick<Member, 'type_id'>): boolean {
  return member.type_id === MEMBER_TYPE_OWNER;
}

/** Spec section 3: members are sorted ascending by type, so the owner comes first; then by id. */
export function sortMembers<T extends Pick<Member, 'type_id' | 'id'>>(members: readonly T[]): T[] {
  return [...members].sort((a, b) => a.type_id - b.type_id || a.id - b.id);
}
