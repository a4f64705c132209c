import {
  type Catalogue,
  type Locale,
  schemasInUse,
  setLocaleSource,
  useContractsCatalogue,
} from '@cabinet/contracts/i18n';
import russian from '@cabinet/contracts/i18n/en.json?catalogue=ru';
import { beforeLocaleSwitch, getLocale } from './locale';

/**
 * The contracts' texts (validation messages the forms show) in the page's language: the Russian ids with
 * placeholders now, another language's catalogue when the cabinet speaks it and a check may show one: asked for by
 * every form that checks with a contracts schema (lib/i18n/schema-resolver.ts), and awaited by the checks
 * that load their schema on first use (the sign-in e-mail, home's name). Not with the answers' schemas,
 * which say nothing to anyone (decision 0311).
 */
setLocaleSource(getLocale);
useContractsCatalogue('ru', russian);

/** Each language's file beside the contracts' en.json, found at build time: a new language is a new file. */
const translations = import.meta.glob<Catalogue>('../../../../../packages/contracts/src/i18n/??.json', {
  query: '?catalogue=translation',
  import: 'default',
});
const loading = new Map<Locale, Promise<void>>();

export function loadContractsText(locale = getLocale()): Promise<void> {
  if (locale === 'ru' || !schemasInUse()) return Promise.resolve();
  let loaded = loading.get(locale);
  if (!loaded) {
    const file = Object.entries(translations).find(([path]) => path.endsWith(`/${locale}.json`))?.[1];
    loaded = file ? file().then((catalogue) => useContractsCatalogue(locale, catalogue)) : Promise.resolve();
    loading.set(locale, loaded);
  }
  return loaded;
}

beforeLocaleSwitch(loadContractsText);
