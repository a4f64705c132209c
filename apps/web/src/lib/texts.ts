import type english from './en.json';
import russian from './en.json?catalogue=ru';
import { defineCatalogue } from './i18n/catalogue';

/** The texts of lib/ (issue 32): Russian as written, English in en.json beside this file. */
export type LibText = keyof typeof english;
export const libTexts = defineCatalogue<LibText>(
  russian,
  import.meta.glob('./??.json', { query: '?catalogue=translation', import: 'default' }),
);
