import { textNow } from './i18n/catalogue';
import { libTexts } from './texts';

/**
 * A name inside the language's quotes: «…» in Russian, where quotes within it become „…“ ('«Студия
 * „Север“»', issue 34); “…” in English.
 */
export function quoted(name: string): string {
  return textNow(libTexts)('«{name}»', { name: name.replace(/«/g, '„').replace(/»/g, '“') });
}
