import { formatterCache } from '@cabinet/contracts/i18n';
import { currentLocale, tr } from './i18n';

// Dates, numbers and money in the API's texts and mails (issue 32, decision 0304): through Intl for the
// current language, one formatter per language and kind, made on first use (the contracts' formatterCache). Times are Moscow's, as every
// mail of the product names them; the currency is the rouble in every language.

const formatter = formatterCache(currentLocale);

const MOSCOW = 'Europe/Moscow';

/**
 * A moment as mails name it, Moscow time: '4 декабря 2026 г. в 12:30 (МСК)',
 * 'December 4, 2026 at 12:30 PM (Moscow time)'.
 */
export function formatMoment(date: Date): string {
  const moment = formatter(
    'moment',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: MOSCOW,
      }),
  );
  return tr('{moment} (МСК)', { moment: moment.format(date) });
}

/**
 * A Moscow day: '27.11.2026' in Russian; in English with the month's name, 'November 27, 2026', since
 * 11/27/2026 reads differently on either side of the Atlantic.
 */
export function formatDay(date: Date): string {
  return formatter('day', (locale) =>
    locale === 'ru'
      ? new Intl.DateTimeFormat(locale, {
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          timeZone: MOSCOW,
        })
      : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: MOSCOW }),
  ).format(date);
}

/** A number in the current language: '1 234,5' or '1,234.5' (at most `fractionDigits` decimals). */
export function formatNumber(value: number, fractionDigits = 1): string {
  return formatter(
    `number${fractionDigits}`,
    (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits }),
  ).format(value);
}

/** Roubles from the money string of the database ('990.00'): '990,00 ₽', '₽990.00'. */
export function formatRoubles(amount: string | number): string {
  const sum = formatter(
    'money',
    (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(Number(amount));
  return tr('{sum} ₽', { sum });
}

/** A price on a page: '2 990,00 ₽', '₽2,990.00' (Intl's currency format, no-break spaces included). */
export function formatPrice(amount: string | number): string {
  return formatter(
    'price',
    (locale) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'RUB', currencyDisplay: 'narrowSymbol' }),
  ).format(Number(amount));
}
