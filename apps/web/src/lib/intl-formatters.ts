import type { Locale } from '@cabinet/contracts/i18n';
import { getLocale } from './i18n/locale';

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;

const formatters = new Map<string, Formatter>();

/**
 * One Intl formatter per language and style, made on first use (building one costs far more than using it),
 * always for the cabinet's language at the moment of use (issue 32, decision 0306).
 */
export function cachedFormatter<F extends Formatter>(style: string, make: (locale: Locale) => F): F {
  const locale = getLocale();
  const key = `${locale}:${style}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A whole number as the language groups it: '12 345', '12,345'. */
export function formatNumber(value: number): string {
  return cachedFormatter(
    'number',
    (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  ).format(value);
}
