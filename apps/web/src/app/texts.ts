import { defineCatalogue } from '@/lib/i18n/catalogue';
import type english from './en.json';
import russian from './en.json?catalogue=ru';

/** The app's texts: layouts, menus, destinations (issue 32). Russian as written, English in en.json. */
export type AppText = keyof typeof english;
export const appTexts = defineCatalogue<AppText>(
  russian,
  import.meta.glob('./??.json', { query: '?catalogue=translation', import: 'default' }),
);
