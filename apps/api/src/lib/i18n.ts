import { AsyncLocalStorage } from 'node:async_hooks';
import {
  createTranslate,
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  localeOfAcceptLanguage,
  type MessageValues,
  setLocaleSource,
  type Translate,
  useContractsCatalogue,
} from '@cabinet/contracts/i18n';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type ApiText, apiCatalogues, readContractsCatalogues } from '../i18n/catalogue';

// The language of what the API says (issue 32, decisions 0300 and 0302): the request's, kept in an
// AsyncLocalStorage for the whole life of the request (its hooks, validation, handler, error handler), so
// a text is rendered where it is said without a locale passed through every call. Jobs and mails to other
// people say theirs with withLocale().

interface LocaleStore {
  locale: Locale;
  /** Chosen for this request (`?lang`, withLocale): the account's language does not override it. */
  chosen: boolean;
}

const storage = new AsyncLocalStorage<LocaleStore>();

/** The language of the request (or job, or mail) being served; Russian outside any. */
export const currentLocale = (): Locale => storage.getStore()?.locale ?? DEFAULT_LOCALE;

/** Runs `work` in `locale`: a mail to someone else, a job's texts. */
export function withLocale<T>(locale: Locale, work: () => T): T {
  return storage.run({ locale, chosen: true }, work);
}

/** The query's `lang`, taken out of it so no query schema sees a field it does not declare. */
function takeLang(query: unknown): Locale | null {
  if (!query || typeof query !== 'object' || !('lang' in query)) return null;
  const { lang } = query as { lang?: unknown };
  delete (query as { lang?: unknown }).lang;
  return isLocale(lang) ? lang : null;
}

/** A request's language before its caller is known: `?lang`, else Accept-Language's best match, else Russian. */
export function localeOfRequest(request: {
  query: unknown;
  headers: { 'accept-language'?: string | string[] | undefined };
}): LocaleStore {
  const asked = takeLang(request.query);
  if (asked) return { locale: asked, chosen: true };
  const header = request.headers['accept-language'];
  return {
    locale: localeOfAcceptLanguage(typeof header === 'string' ? header : undefined) ?? DEFAULT_LOCALE,
    chosen: false,
  };
}

/** A locale read from the database (users.locale is checked there): Russian for anything else. */
export const asLocale = (value: string | null | undefined): Locale =>
  isLocale(value) ? value : DEFAULT_LOCALE;

/** Runs the rest of a request (`next`: Fastify's done) in its language (plugins/locale.ts). */
export const runInRequestLocale = (store: LocaleStore, next: () => void) => storage.run(store, next);

/** Once the caller is known (plugins/auth.ts): the account's language, unless `?lang` chose one. */
export function adoptAccountLocale(locale: string | undefined): void {
  const store = storage.getStore();
  if (store && !store.chosen && isLocale(locale)) store.locale = locale;
}

const translators = Object.fromEntries(
  LOCALES.map((locale) => [locale, createTranslate<ApiText>(locale, apiCatalogues[locale], compileMessage)]),
) as Record<Locale, Translate<ApiText>>;

/**
 * An API text kept for later (a module's constant, a table of texts): the id itself, checked against the
 * catalogue; say it with tr() where it is used, in that moment's language.
 */
export const trId = <Id extends ApiText>(id: Id): Id => id;

/** An API text (apps/api/src/i18n/en/*.json) in the current language: `tr('Организация создана')`. */
export const tr = (id: ApiText, values?: MessageValues): string => translators[currentLocale()](id, values);

// The contracts' texts (validation, shared errors) in the request's language too.
useContractsCatalogue('ru', {}, compileMessage);
for (const [locale, catalogue] of Object.entries(readContractsCatalogues())) {
  useContractsCatalogue(locale as Locale, catalogue, compileMessage);
}
setLocaleSource(currentLocale);
// Zod's own messages (a wrong type, a bound) follow it as well: contracts' i18n/zod-messages.ts.
