import { formatterCache } from '@cabinet/contracts/i18n';
import { getLocale } from './i18n/locale';

/** One Intl formatter per language and style, for the cabinet's language at the moment of use (decision 0306). */
export const cachedFormatter = formatterCache(getLocale);

/** A whole number as the language groups it: '12 345', '12,345'. */
export function formatNumber(value: number): string {
  return cachedFormatter(
    'number',
    (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  ).format(value);
}
