import { tr } from './i18n';

// The reference data's names (member types) as the API's own texts say them (issue 32): a mail names the
// role in its reader's language by the type's code. The rows keep their Russian names, which the lists of
// types answer as data; a type without a known code is named as its row says.

const MEMBER_TYPE_NAMES: Record<string, () => string> = {
  owner: () => tr('Владелец'),
  member: () => tr('Участник'),
  admin: () => tr('Администратор'),
};

/** 'Участник' / 'Member' for the member type {code: 'member'}. */
export const memberTypeName = (type: { code: string; name: string }): string =>
  MEMBER_TYPE_NAMES[type.code]?.() ?? type.name;
