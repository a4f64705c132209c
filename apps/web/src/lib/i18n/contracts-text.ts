import { schemasInUse, setLocaleSource, useContractsCatalogue } from '@cabinet/contracts/i18n';
import russian from '@cabinet/contracts/i18n/en.json?catalogue=ru';
import { beforeLocaleSwitch, getLocale } from './locale';

/**
 * The contracts' texts (validation messages the forms show) in the page's language: the Russian ids with
 * placeholders now, the English catalogue when the cabinet is English and a check may show one: asked for by
 * every form that checks with a contracts schema (lib/i18n/schema-resolver.ts), and awaited by the checks
 * that load their schema on first use (the sign-in e-mail, home's name). Not with the answers' schemas,
 * which say nothing to anyone (decision 0311).
 */
setLocaleSource(getLocale);
useContractsCatalogue('ru', russian);

let english: Promise<void> | null = null;
export function loadContractsText(locale = getLocale()): Promise<void> {
  if (locale === 'ru' || !schemasInUse()) return Promise.resolve();
  english ??= import('@cabinet/contracts/i18n/en.json?catalogue=en').then((catalogue) => {
    useContractsCatalogue('en', catalogue.default);
  });
  return english;
}

beforeLocaleSwitch(loadContractsText);
