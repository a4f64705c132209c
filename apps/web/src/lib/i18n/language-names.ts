import type { Locale } from '@cabinet/contracts/i18n';

/*
 * The words of the language choice are the same in every language (decision 0301): someone who cannot
 * read the cabinet's current language must still find the way to their own. So the control's name says
 * both, and each language is named in itself, as language menus do. These are the only Cyrillic words an
 * English screen shows that are not user data, and the checks know them (src/test/i18n-*.test.ts).
 */
export const LANGUAGE_LABEL = 'Язык / Language';

/** Each language in its own words: the profile's choice. */
export const LANGUAGE_NAMES: Record<Locale, string> = { ru: 'Русский', en: 'English' };

/** The sign-in screen's short switch: RU, EN. */
export const languageCode = (locale: Locale): string => locale.toUpperCase();
