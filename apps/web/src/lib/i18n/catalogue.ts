import { createTranslate, type Locale, type Translate } from '@cabinet/contracts/i18n';
import { use } from 'react';
import { beforeLocaleSwitch, getLocale, useLocale } from './locale';

type Messages = Record<string, unknown>;
type Loaded<Id extends string> = Promise<Translate<Id>> & { status?: 'fulfilled'; value?: Translate<Id> };

/**
 * One catalogue of texts (issue 32, decision 0300): the Russian ids with placeholders compiled in, and
 * the English catalogue fetched when the cabinet is in English. `Id` is the catalogue's keys, so `t`
 * accepts only texts the catalogue has.
 */
export type TextCatalogue<Id extends string> = {
  load: (locale: Locale) => Loaded<Id>;
};

const defined: Array<TextCatalogue<string>> = [];

/** Marks a promise as settled the way React's `use` reads it, so a loaded catalogue never suspends. */
function settled<Id extends string>(promise: Loaded<Id>): Loaded<Id> {
  promise.then((value) => {
    promise.status = 'fulfilled';
    promise.value = value;
  });
  return promise;
}

export function defineCatalogue<Id extends string>(
  russian: Messages,
  loadEnglish: () => Promise<{ default: Messages }>,
): TextCatalogue<Id> {
  const russianText = createTranslate<Id>('ru', russian);
  const ru = Promise.resolve(russianText) as Loaded<Id>;
  ru.status = 'fulfilled';
  ru.value = russianText;
  let en: Loaded<Id> | null = null;
  const catalogue: TextCatalogue<Id> = {
    load: (locale) => {
      if (locale === 'ru') return ru;
      en ??= settled(loadEnglish().then((m) => createTranslate<Id>('en', m.default)) as Loaded<Id>);
      return en;
    },
  };
  defined.push(catalogue as TextCatalogue<string>);
  return catalogue;
}

/** Every catalogue the code loaded so far, in `locale`: a route awaits it before it shows. */
export async function loadCatalogues(locale: Locale = getLocale()): Promise<void> {
  await Promise.all(defined.map((catalogue) => catalogue.load(locale)));
}

beforeLocaleSwitch(loadCatalogues);

/** `t(russianText, values)` in the cabinet's language; suspends only while an English catalogue loads. */
export function useText<Id extends string>(catalogue: TextCatalogue<Id>): Translate<Id> {
  const locale = useLocale();
  const loaded = catalogue.load(locale);
  return loaded.status === 'fulfilled' && loaded.value ? loaded.value : use(loaded as Promise<Translate<Id>>);
}

/** The same outside React (toasts, loaders): the catalogue must be loaded, as every route loads its own. */
export function textNow<Id extends string>(catalogue: TextCatalogue<Id>): Translate<Id> {
  const loaded = catalogue.load(getLocale());
  return loaded.value ?? (catalogue.load('ru').value as Translate<Id>);
}
