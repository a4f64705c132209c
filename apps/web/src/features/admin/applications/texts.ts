import { defineCatalogue } from '@/lib/i18n';
import type english from './en.json';
import russian from './en.json?catalogue=ru';

/**
 * The texts of features/admin/applications and of the admin screens that show it (issue 32, decision 0310).
 * Russian as written, English in en.json beside this file.
 */
export const adminApplicationsTexts = defineCatalogue<AdminApplicationsText>(
  russian,
  import.meta.glob('./??.json', { query: '?catalogue=translation', import: 'default' }),
);

/** A text of this catalogue: constants that hold one are said through `t()` where they show. */
export type AdminApplicationsText = keyof typeof english;
