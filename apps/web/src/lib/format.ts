import type { Locale } from '@cabinet/contracts/i18n';
import { textNow } from './i18n/catalogue';
import { cachedFormatter as cached, formatNumber } from './intl-formatters';
import { quoted } from './quoted';
import { type LibText, libTexts } from './texts';

/**
 * Display formatting shared by screens, in the cabinet's language (issue 32, decision 0306): numbers,
 * money, dates and relative days through Intl for getLocale(). Russian reads as spec section 1 writes it
 * (dd.mm.yyyy, '9 504,00 ₽'); the rouble stays the currency in every language.
 */

/** Dates: Russian (and any language without its own line here) as dd.mm.yyyy; English with the month's name. */
const DATE_STYLE: Partial<Record<Locale, Intl.DateTimeFormatOptions>> = {
  en: { day: 'numeric', month: 'short', year: 'numeric' },
};
const TIME_STYLE: Partial<Record<Locale, Intl.DateTimeFormatOptions>> = {
  en: { hour: 'numeric', minute: '2-digit' },
};
const NUMERIC_DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const NUMERIC_TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

const dateFormat = () =>
  cached('date', (locale) => new Intl.DateTimeFormat(locale, DATE_STYLE[locale] ?? NUMERIC_DATE));
const dateTimeFormat = () =>
  cached(
    'date-time',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        ...(DATE_STYLE[locale] ?? NUMERIC_DATE),
        ...(TIME_STYLE[locale] ?? NUMERIC_TIME),
      }),
  );

export { formatNumber };

/** A share: '12,5 %', '12.5%'. */
export function formatPercent(share: number): string {
  return cached(
    'percent',
    (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
  ).format(share);
}

/**
 * Roubles where the language puts its currency ('990 ₽', '₽990'), with a plain space beside the sign: the
 * spec's Russian has '990 ₽', not the non-breaking space Intl puts there.
 */
function rubles(value: number, fractionDigits: 0 | 2): string {
  const format = cached(
    `rub-${fractionDigits}`,
    (locale) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'RUB',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  );
  const parts = format.formatToParts(value);
  return parts
    .map((part, index) => {
      const besideSign = parts[index - 1]?.type === 'currency' || parts[index + 1]?.type === 'currency';
      return part.type === 'literal' && besideSign && !part.value.trim() ? ' ' : part.value;
    })
    .join('');
}

export const RUBLE_SIGN = '₽';
/** The catalogue's id of a free price: show it through formatPrice(0) or t(FREE_PRICE_LABEL). */
export const FREE_PRICE_LABEL = 'Бесплатно' satisfies LibText;

/** A money string from the API ('990.00') rounded to whole rubles; '0.00' reads 'Бесплатно' (spec 9). */
export function formatPrice(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  if (value === 0) return textNow(libTexts)(FREE_PRICE_LABEL);
  return rubles(Math.round(value), 0);
}

/** A money string with its kopecks, for receipts and history: '9 504,00 ₽'. */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  return rubles(value, 2);
}

/** formatMoney, except that '0.00' reads 'Бесплатно' as everywhere (spec section 9): admin tables. */
export function formatMoneyExact(amount: string | number): string {
  return Number(amount) === 0 ? textNow(libTexts)(FREE_PRICE_LABEL) : formatMoney(amount);
}

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An ISO timestamp as dd.mm.yyyy ('Jan 31, 2026' in English); empty for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? dateFormat().format(date) : '';
}

/** An ISO timestamp as dd.mm.yyyy, hh:mm; empty for a missing or unreadable date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? dateTimeFormat().format(date) : '';
}

/** 'n days ago' in words: '2 дня назад', '21 день назад', '1 day ago' (always the number, never 'вчера'). */
export function formatDaysAgo(days: number): string {
  return cached('days-ago', (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'always' })).format(
    -days,
    'day',
  );
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

export {
  formatCount,
  formatUsage,
  MEMBER_FORMS,
  MEMBERS_OF,
  type OfForms,
  ORGANIZATION_FORMS,
  ORGANIZATIONS_OF,
  type PluralForms,
  pluralize,
  USERS_OF,
} from './format-counts';

/** 'Тариф «Про» до 24.12.2026', or 'Тариф «Про»' for a plan without an end date (issue 16). */
export function formatPlanStatus(planName: string, expiresAt: string | null | undefined): string {
  const t = textNow(libTexts);
  const end = formatDate(expiresAt);
  // A plan's own quotes nest as „…“ (issue 34, rule 13).
  return end
    ? t('Тариф {plan} до {date}', { plan: quoted(planName), date: end })
    : t('Тариф {plan}', { plan: quoted(planName) });
}
