/**
 * The cabinet's languages (issue 32, decision 0300). Russian is the source language: every text is written
 * in Russian where it is used, and that text is its own id in the other languages' catalogues.
 */
export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
// No zod here: the web's entry chunk reads these before any form, and zod would come with them
// (decision 0290's budgets). The schema is in locale-schema.ts.

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** 'en-GB' → 'en'; anything we do not speak → null. */
export function localeOfTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

/**
 * The best of our languages for an Accept-Language header (RFC 9110 §12.5.4: tags by q, highest first; q=0
 * means "not this one"), or null when it names none of them.
 */
export function localeOfAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { locale: localeOfTag(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.locale && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.locale ?? null;
}
