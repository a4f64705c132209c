import type { ContractsText } from './ids';
import { DEFAULT_LOCALE, type Locale } from './locales';
import {
  type Catalogue,
  createTranslate,
  type MessageCompiler,
  type MessageValues,
  type Translate,
} from './translate';

export { type ContractsText, textId } from './ids';

let localeSource: () => Locale = () => DEFAULT_LOCALE;
const translators: Partial<Record<Locale, Translate<ContractsText>>> = {};
let compileInNode: MessageCompiler | undefined;

/**
 * Where the contracts read the current language: the web's page language, the API's request (an
 * AsyncLocalStorage in apps/api/src/lib/i18n.ts). Set once at start.
 */
export function setLocaleSource(source: () => Locale): void {
  localeSource = source;
}

/** Gives the contracts a language's catalogue (compiled on the web, raw plus a compiler in Node). */
export function useContractsCatalogue(locale: Locale, catalogue: Catalogue, compile?: MessageCompiler): void {
  if (compile) compileInNode = compile;
  translators[locale] = createTranslate<ContractsText>(locale, catalogue, compile ?? compileInNode);
}

/** A contracts text in the current language: validation messages are rendered when a value is parsed. */
export function text(id: ContractsText, values?: MessageValues): string {
  translators[DEFAULT_LOCALE] ??= createTranslate<ContractsText>(DEFAULT_LOCALE, {}, compileInNode);
  return (translators[localeSource()] ?? translators[DEFAULT_LOCALE])(id, values);
}

/** A schema check's message, rendered in the language of the parse: `.max(100, says('Не более 100 символов'))`. */
export const says = (id: ContractsText, values?: MessageValues) => ({ error: () => text(id, values) });

/** The language the contracts speak now (zod-messages.ts words zod's own messages in it). */
export const currentLocale = (): Locale => localeSource();

/**
 * Whether the schemas (and zod) have loaded: the web fetches the contracts' English only once a form may
 * speak it, never with a first screen that has no schema (decision 0311).
 */
let schemasLoaded = false;
export const schemasInUse = (): boolean => schemasLoaded;
/** zod-messages.ts says so when it loads, with the schemas that import it. */
export function markSchemasLoaded(): void {
  schemasLoaded = true;
}
