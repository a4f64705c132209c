import type { Locale } from './locales';

export type IntlFormatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;

/**
 * Intl formatters made on first use, one per language and style (building one costs far more than using
 * it), always for the language `localeNow()` says at the moment of use: the web's page language, the API's
 * request language (issue 32, decisions 0304 and 0306).
 */
export function formatterCache(localeNow: () => Locale) {
  const made = new Map<string, IntlFormatter>();
  return function cached<F extends IntlFormatter>(style: string, make: (locale: Locale) => F): F {
    const locale = localeNow();
    const key = `${locale}:${style}`;
    let formatter = made.get(key) as F | undefined;
    if (!formatter) {
      formatter = make(locale);
      made.set(key, formatter);
    }
    return formatter;
  };
}
