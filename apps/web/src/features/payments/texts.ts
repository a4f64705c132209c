import { defineCatalogue } from '@/lib/i18n';
import type english from './en.json';
import russian from './en.json?catalogue=ru';

/** The payments' texts: checkout, its result, the history, the saved method and the receipt (issue 32): Russian as written, English in en.json beside this file. */
export const paymentTexts = defineCatalogue<keyof typeof english>(
  russian,
  import.meta.glob('./??.json', { query: '?catalogue=translation', import: 'default' }),
);

/** A text of this catalogue, for constants that hold one. */
export type PaymentText = keyof typeof english;
