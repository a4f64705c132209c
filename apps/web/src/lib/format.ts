import { quoted } from './quoted';

/** Display formatting shared by screens. Russian locale throughout (spec section 1). */

const wholeRubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

export const RUBLE_SIGN = '₽';
export const FREE_PRICE_LABEL = 'Бесплатно';

/** A money string from the API ('990.00') rounded to whole rubles; '0.00' reads 'Бесплатно' (spec 9). */
export function formatPrice(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  if (value === 0) return FREE_PRICE_LABEL;
  return `${wholeRubles.format(Math.round(value))} ${RUBLE_SIGN}`;
}

/** An ISO timestamp as dd.mm.yyyy; empty for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** The name a person is addressed by: their name, else their e-mail (new accounts have no name yet). */
export function displayName(
  user: { name?: string | null; email?: string | null } | null | undefined,
): string {
  const name = user?.name?.trim();
  if (name) return name;
  return user?.email?.trim() ?? '';
}

/** 'Имя (email)', or the e-mail alone for an account without a name: who invited, asked or offers. */
export function personLabel(person: { name?: string | null; email: string }): string {
  const name = person.name?.trim();
  return name ? `${name} (${person.email})` : person.email;
}

/** The three Russian word forms a count takes: 1 организация, 2 организации, 5 организаций. */
export type PluralForms = { one: string; few: string; many: string };

const pluralRules = new Intl.PluralRules('ru-RU');

/** The word form for a count by the CLDR rules of ru-RU ('other', for fractions, reads like 'few'). */
export function pluralize(count: number, forms: PluralForms): string {
  const rule = pluralRules.select(count);
  if (rule === 'one') return forms.one;
  if (rule === 'many') return forms.many;
  return forms.few;
}

/** '5 участников', '21 организация'. */
export function formatCount(count: number, forms: PluralForms): string {
  return `${wholeRubles.format(count)} ${pluralize(count, forms)}`;
}

export const ORGANIZATION_FORMS: PluralForms = {
  one: 'организация',
  few: 'организации',
  many: 'организаций',
};
export const MEMBER_FORMS: PluralForms = { one: 'участник', few: 'участника', many: 'участников' };

/** The noun after 'из N', in the genitive: singular after 1, 21…, plural otherwise. */
export type OfForms = { one: string; many: string };

export const ORGANIZATIONS_OF: OfForms = { one: 'организации', many: 'организаций' };
export const MEMBERS_OF: OfForms = { one: 'участника', many: 'участников' };
export const USERS_OF: OfForms = { one: 'пользователя', many: 'пользователей' };

/**
 * How much of a plan limit is used: '4 из 5 участников', '0 из 1 организации'. The noun agrees with the
 * limit, as Russian has it (issue 34, rule 13, replacing decision 0166's plural whatever N is).
 */
export function formatUsage(used: number, limit: number, noun: OfForms): string {
  const form = pluralRules.select(limit) === 'one' ? noun.one : noun.many;
  return `${wholeRubles.format(used)} из ${wholeRubles.format(limit)} ${form}`;
}

const exactRubles = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A money string with its kopecks, for receipts and history: '9 504,00 ₽'. */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  return `${exactRubles.format(value)} ${RUBLE_SIGN}`;
}

const dateTimeFormat = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO timestamp as dd.mm.yyyy, hh:mm; empty for a missing or unreadable date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

/** formatMoney, except that '0.00' reads 'Бесплатно' as everywhere (spec section 9): admin tables. */
export function formatMoneyExact(amount: string | number): string {
  return Number(amount) === 0 ? FREE_PRICE_LABEL : formatMoney(amount);
}

/** 'Тариф «Про» до 24.12.2026', or 'Тариф «Про»' for a plan without an end date (issue 16). */
export function formatPlanStatus(planName: string, expiresAt: string | null | undefined): string {
  const end = formatDate(expiresAt);
  // A plan's own quotes nest as „…“ (issue 34, rule 13).
  return end ? `Тариф ${quoted(planName)} до ${end}` : `Тариф ${quoted(planName)}`;
}
