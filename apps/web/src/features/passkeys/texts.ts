import { defineCatalogue } from '@/lib/i18n/catalogue';
import type english from './en.json';
import russian from './en.json?catalogue=ru';

/** Passkeys's texts (issue 32): Russian as written, English in en.json beside this file. */
export const passkeysTexts = defineCatalogue<keyof typeof english>(
  russian,
  import.meta.glob('./??.json', { query: '?catalogue=translation', import: 'default' }),
);
