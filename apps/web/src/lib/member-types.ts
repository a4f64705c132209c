import { MEMBER_TYPE_ADMIN, MEMBER_TYPE_MEMBER, MEMBER_TYPE_OWNER } from '@cabinet/contracts';
import { textNow } from './i18n/catalogue';
import { type LibText, libTexts } from './texts';

// Member types as every screen names them (members, invitations, the invite link): here once, since no
// feature imports another.

function memberTypeText(typeId: number): LibText {
  if (typeId === MEMBER_TYPE_OWNER) return 'Владелец';
  if (typeId === MEMBER_TYPE_ADMIN) return 'Администратор';
  return 'Участник';
}

/**
 * Spec section 4, with issue 13's type 3: 1 'Владелец', 3 'Администратор', any other 'Участник', in the
 * cabinet's language at the moment it is asked.
 */
export function memberTypeLabel(typeId: number): string {
  return textNow(libTexts)(memberTypeText(typeId));
}

/**
 * The roles an owner may give when inviting or adding someone. Each label is read when a select shows it,
 * so it is in the language of that moment.
 */
export const ASSIGNABLE_ROLES: Array<{ value: string; label: string }> = [
  MEMBER_TYPE_MEMBER,
  MEMBER_TYPE_ADMIN,
].map((typeId) => ({
  value: String(typeId),
  get label() {
    return memberTypeLabel(typeId);
  },
}));
