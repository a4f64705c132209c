import { DEFAULT_LOCALE, isLocale, type Locale, localeOfTag } from '@cabinet/contracts/i18n';
import { useSyncExternalStore } from 'react';

/**
 * The cabinet's language on this page (issue 32, decision 0301): `?lang=` for this page, else the account's
 * (applied once the profile loads), else the choice made on the sign-in screen (localStorage), else Russian.
 * The browser's languages only make the sign-in screen offer its English (`browserLanguage`): a headless or
 * out-of-the-box browser says en-US, and the cabinet is Russian unless a person chooses otherwise.
 */
export const LOCALE_STORAGE_KEY = 'cabinet.locale';

function fromUrl(): Locale | null {
  const lang = new URLSearchParams(window.location.search).get('lang');
  return lang && isLocale(lang) ? lang : null;
}

function stored(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The first of the browser's languages that we speak, if any. */
export function browserLanguage(): Locale | null {
  for (const tag of window.navigator.languages ?? [window.navigator.language]) {
    const locale = tag ? localeOfTag(tag) : null;
    if (locale) return locale;
  }
  return null;
}

/** The page's `?lang=`, which beats the account's language for that page. */
export const urlLocale: Locale | null = typeof window === 'undefined' ? null : fromUrl();

let current: Locale =
  typeof window === 'undefined' ? DEFAULT_LOCALE : (urlLocale ?? stored() ?? DEFAULT_LOCALE);
const listeners = new Set<() => void>();
const switchers: Array<(locale: Locale) => Promise<void>> = [];

export const getLocale = (): Locale => current;

/** Work a switch must finish before screens show the new language (loading catalogues). */
export function beforeLocaleSwitch(prepare: (locale: Locale) => Promise<void>): void {
  switchers.push(prepare);
}

/**
 * Shows the cabinet in `locale` once its catalogues are here. `remember` keeps the choice for the next
 * visit before sign-in (the sign-in screen's switch, and the account's language once known).
 */
export async function setLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  if (remember) {
    try {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Private mode without storage: the choice lasts for this page.
    }
  }
  if (locale === current) return;
  await Promise.all(switchers.map((prepare) => prepare(locale)));
  current = locale;
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

/**
 * The account's language, once the profile says it (issue 32): the page takes it and keeps it for the next
 * visit before sign-in, unless the page was opened with `?lang=`, which beats the account for that page.
 */
export function adoptAccountLocale(locale: Locale | null | undefined): Promise<void> {
  if (!locale || urlLocale) return Promise.resolve();
  return setLocale(locale, { remember: true });
}

/**
 * The page's language when someone chose it (the sign-in switch, kept in localStorage, or `?lang=`), null
 * while it is only the default: the sign-in code request names it as body `locale`.
 */
export function chosenLocale(): Locale | null {
  return urlLocale || stored() ? current : null;
}

/**
 * What every API call says about the page's language: `Accept-Language` always, and `lang` in the query
 * when the page was opened with `?lang=` (the API reads `?lang` > the account's language > the header).
 */
export function requestLanguage(): { acceptLanguage: Locale; lang: Locale | null } {
  return { acceptLanguage: current, lang: urlLocale ? current : null };
}
