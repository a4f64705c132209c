import { textNow } from './i18n/catalogue';
import { formatNumber } from './intl-formatters';
import { type LibText, libTexts } from './texts';

/*
 * Counted nouns (issue 32): each is one ICU message of the lib catalogue, so every language counts with
 * its own plural rules ('1 участник, 2 участника, 5 участников'; '1 member, 2 members').
 */

/** A counted noun's message: '{count, plural, one {# участник} few {…} many {…} other {…}}'. */
export type CountNoun = LibText;

/** Word forms of a noun written out in Russian (a screen not yet moved to a CountNoun message). */
export type PluralForms = { one: string; few: string; many: string };

export const ORGANIZATION_FORMS =
  '{count, plural, one {# организация} few {# организации} many {# организаций} other {# организации}}' satisfies CountNoun;
export const MEMBER_FORMS =
  '{count, plural, one {# участник} few {# участника} many {# участников} other {# участника}}' satisfies CountNoun;

const pluralRules = new Intl.PluralRules('ru-RU');

/** '5 участников', '21 организация', '5 members'. */
export function formatCount(count: number, noun: CountNoun | PluralForms): string {
  if (typeof noun === 'string') return textNow(libTexts)(noun, { count });
  return `${formatNumber(count)} ${pluralizeRussian(count, noun)}`;
}

/** The word alone, in the form the count takes: 'организация', 'организаций', 'members'. */
export function pluralize(count: number, noun: CountNoun | PluralForms): string {
  if (typeof noun !== 'string') return pluralizeRussian(count, noun);
  const counted = formatCount(count, noun);
  const number = `${formatNumber(count)} `;
  return counted.startsWith(number) ? counted.slice(number.length) : counted;
}

/** By the CLDR rules of ru-RU ('other', for fractions, reads like 'few'). */
function pluralizeRussian(count: number, forms: PluralForms): string {
  const rule = pluralRules.select(count);
  if (rule === 'one') return forms.one;
  if (rule === 'many') return forms.many;
  return forms.few;
}

/**
 * How much of a plan limit is used: '4 из 5 участников', '0 из 1 организации', '4 of 5 members'. In
 * Russian the noun is in the genitive and agrees with the limit (issue 34, rule 13).
 */
export type OfForms = string;

export const ORGANIZATIONS_OF =
  '{used, number} из {limit, plural, one {# организации} other {# организаций}}' satisfies LibText;
export const MEMBERS_OF =
  '{used, number} из {limit, plural, one {# участника} other {# участников}}' satisfies LibText;
export const USERS_OF =
  '{used, number} из {limit, plural, one {# пользователя} other {# пользователей}}' satisfies LibText;

/** `noun`: ORGANIZATIONS_OF, MEMBERS_OF or USERS_OF (a string for the tables that list them). */
export function formatUsage(used: number, limit: number, noun: OfForms): string {
  return textNow(libTexts)(noun as LibText, { used, limit });
}
