import { createTranslate, type Locale, type Translate } from '@cabinet/contracts/i18n';
import { use } from 'react';
import { beforeLocaleSwitch, getLocale, useLocale } from './locale';

type Messages = Record<string, unknown>;
type Loaded<Id extends string> = Promise<Translate<Id>> & { status?: 'fulfilled'; value?: Translate<Id> };

/**
 * One catalogue of texts (issue 32, decision 0300): the Russian ids with placeholders compiled in, and
 * another language's catalogue fetched when the cabinet speaks it. `Id` is the catalogue's keys, so `t`
 * accepts only texts the catalogue has.
 */
export type TextCatalogue<Id extends string> = {
  load: (locale: Locale) => Loaded<Id>;
};

/** An area's translations as texts.ts finds them: `import.meta.glob('./??.json', …)`, by file ('./en.json'). */
type Translations = Record<string, () => Promise<unknown>>;

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
  translations: Translations,
): TextCatalogue<Id> {
  const russianText = createTranslate<Id>('ru', russian);
  const ru = Promise.resolve(russianText) as Loaded<Id>;
  ru.status = 'fulfilled';
  ru.value = russianText;
  const loaded = new Map<Locale, Loaded<Id>>([['ru', ru]]);
  const catalogue: TextCatalogue<Id> = {
    load: (locale) => {
      let translate = loaded.get(locale);
      if (!translate) {
        const file = translations[`./${locale}.json`];
        // A language this area has no file for yet speaks Russian here (the catalogue test asks for one).
        const messages = file ? file().then((m) => m as Messages) : Promise.resolve(russian);
        translate = settled(messages.then((m) => createTranslate<Id>(locale, m)) as Loaded<Id>);
        loaded.set(locale, translate);
      }
      return translate;
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
