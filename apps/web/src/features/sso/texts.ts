import { defineCatalogue } from '@/lib/i18n';
import type english from './en.json';
import russian from './en.json?catalogue=ru';

/** Single sign-on's texts: the organization's settings, the sign-in offer and the landing page (issue 32): Russian as written, English in en.json beside this file. */
export const ssoTexts = defineCatalogue<keyof typeof english>(
  russian,
  import.meta.glob('./??.json', { query: '?catalogue=translation', import: 'default' }),
);

/** A text of this catalogue, for constants that hold one. */
export type SsoText = keyof typeof english;
