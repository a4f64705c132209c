import { textNow } from './i18n/catalogue';
import { getLocale } from './i18n/locale';
import { type LibText, libTexts } from './texts';

// Reference data (organization, user and member types) comes from the API as rows, with the names the
// database keeps: Russian, which no screen edits. A Russian screen shows a row's name as it is; another
// language names the types the product ships by their code, and any other row as the row says.

const NAMES_BY_CODE: Record<string, LibText> = {
  personal: 'Личное пространство',
  team: 'Команда',
  company: 'Компания',
  user: 'Пользователь',
  admin: 'Администратор',
  owner: 'Владелец',
  member: 'Участник',
};

/** 'Команда' on a Russian screen, 'Team' on an English one, for the type {code: 'team', name: 'Команда'}. */
export function referenceName(type: { code: string; name: string }): string {
  const id = NAMES_BY_CODE[type.code];
  if (getLocale() === 'ru' || !id) return type.name;
  return textNow(libTexts)(id);
}
