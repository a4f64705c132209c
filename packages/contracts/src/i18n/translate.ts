import type { Locale } from './locales';
import { messageKey } from './message-key';

/** Values of a message's ICU placeholders: `{count, plural, …}`, `{name}`, `{at, date}`. */
export type MessageValues = Record<string, unknown>;

/**
 * A language's catalogue: the Russian text (the id) → the text in that language, as ICU MessageFormat. The
 * web build compiles catalogues ahead of time (apps/web/vite-catalogues.ts) and keys them by messageKey(id);
 * Node reads them as written (Russian ids) and compiles and keys them once at load.
 */
export type Catalogue = Record<string, unknown>;

/** Turns an ICU message into Lingui's compiled form; only Node passes one (the web ships none). */
export type MessageCompiler = (message: string) => unknown;

export type Translate<Id extends string = string> = (id: Id, values?: MessageValues) => string;

/**
 * A message in Lingui's compiled form (@lingui/message-utils compileMessage, decision 0300): plain text, or
 * tokens: text, `#` (the plural's number), `[name]`, `[name, 'plural' | 'selectordinal' | 'select', cases]`
 * or `[name, 'number' | 'date' | 'time', style]`.
 */
type Compiled = string | readonly (string | readonly [string, string?, unknown?])[];

/**
 * Renders a compiled message as @lingui/core's interpolate does, for the forms our catalogues use. Its
 * ~40 lines replace the library's runtime, which took 1.4 kB of every first load (decision 0311).
 */
function render(message: Compiled, locale: Locale, values: MessageValues, count?: string): string {
  if (typeof message === 'string') return message;
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, style] = token;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const { offset = 0, ...cases } = style as Record<string, Compiled> & { offset?: number };
      const n = Number(value);
      const rules = pluralRules(locale, type === 'plural' ? 'cardinal' : 'ordinal');
      const chosen = cases[String(n)] ?? cases[rules.select(n - offset)] ?? cases.other;
      out +=
        chosen === undefined ? '' : render(chosen, locale, values, numberFormat(locale).format(n - offset));
    } else if (type === 'select') {
      const cases = style as Record<string, Compiled>;
      const chosen = Object.hasOwn(cases, String(value)) ? cases[String(value)] : cases.other;
      out += chosen === undefined ? '' : render(chosen, locale, values, count);
    } else if (type === 'number') {
      out += new Intl.NumberFormat(
        locale,
        typeof style === 'object' ? (style as Intl.NumberFormatOptions) : {},
      ).format(Number(value));
    } else if (type === 'date' || type === 'time') {
      const options: Intl.DateTimeFormatOptions =
        type === 'date'
          ? { day: 'numeric', month: 'short', year: 'numeric' }
          : { hour: 'numeric', minute: 'numeric', second: 'numeric' };
      out += new Intl.DateTimeFormat(locale, options).format(new Date(value as string | number | Date));
    } else if (value !== undefined && value !== null) {
      out += String(value);
    }
  }
  return out;
}

const pluralCache = new Map<string, Intl.PluralRules>();
function pluralRules(locale: Locale, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale}:${type}`;
  const cached = pluralCache.get(key);
  if (cached) return cached;
  const rules = new Intl.PluralRules(locale, { type });
  pluralCache.set(key, rules);
  return rules;
}
const numberCache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale): Intl.NumberFormat {
  const cached = numberCache.get(locale);
  if (cached) return cached;
  const format = new Intl.NumberFormat(locale);
  numberCache.set(locale, format);
  return format;
}

/**
 * `t(id, values)` for one language over a compiled catalogue. An id the catalogue lacks is shown as
 * written: in Russian that is the text itself; in another language it is a missing translation, which the
 * catalogue tests catch before it ships.
 */
export function createTranslate<Id extends string = string>(
  locale: Locale,
  catalogue: Catalogue,
  compile?: MessageCompiler,
): Translate<Id> {
  const messages: Record<string, Compiled> = {};
  for (const [id, text] of Object.entries(catalogue)) {
    if (!compile) {
      messages[id] = text as Compiled;
      continue;
    }
    const key = messageKey(id);
    if (key in messages)
      throw new Error(`two messages of the ${locale} catalogue share the key ${key}: '${id}'`);
    messages[key] = (typeof text === 'string' ? compile(text) : text) as Compiled;
  }
  return (id, values) => {
    const key = messageKey(id);
    let message = messages[key];
    if (message === undefined) {
      if (!id.includes('{')) return id;
      // A Russian text with placeholders: compiled once on first use in Node (the web ships it compiled).
      // With no compiler at hand (the contracts alone, before anyone gave one), plain `{name}`s are filled.
      if (!compile) return id.replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole));
      message = messages[key] = compile(id) as Compiled;
    }
    return render(message, locale, values ?? {});
  };
}
