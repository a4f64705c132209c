import { afterEach, beforeEach } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { LANGUAGE_LABEL, LANGUAGE_NAMES } from '@/lib/i18n/language-names';

const CYRILLIC = /[\u0400-\u04FF]/;

/** The words of the language choice, the same in every language (decision 0301). */
const LANGUAGE_WORDS = [LANGUAGE_LABEL, ...Object.values(LANGUAGE_NAMES)];

/** Attributes a person or a screen reader meets. */
const SPOKEN_ATTRIBUTES = ['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'aria-valuetext'];

/**
 * Every text and spoken attribute under `root` that still holds Cyrillic once the user data (names, e-mails
 * people typed) and the language choice's own words are taken out: an English screen must have none
 * (issue 32).
 */
export function cyrillicIn(root: Element = document.body, userData: readonly string[] = []): string[] {
  const allowed = [...userData, ...LANGUAGE_WORDS].filter(Boolean).sort((a, b) => b.length - a.length);
  const strip = (text: string) => allowed.reduce((rest, word) => rest.split(word).join(''), text);
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest('script, style')) continue;
    if (CYRILLIC.test(strip(node.textContent ?? ''))) found.push(node.textContent ?? '');
  }
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const name of SPOKEN_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && CYRILLIC.test(strip(value))) found.push(`${name}="${value}"`);
    }
  }
  return found;
}

/**
 * cyrillicIn over the whole page (dialogs, portalled, included) and the values its fields hold: what the
 * admin screens' English tests ask. `allowed`: people's data and shared components' texts.
 */
export function cyrillicLeft(allowed: readonly string[] = []): string[] {
  const fields = [
    ...document.body.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
  ];
  const strip = (text: string) => allowed.reduce((rest, word) => rest.split(word).join(''), text);
  const values = fields.map((field) => field.value).filter((value) => CYRILLIC.test(strip(value)));
  return [...cyrillicIn(document.body, allowed), ...values];
}

/**
 * Runs a test file's screens in English (issue 32): the catalogues its imports define load before the first
 * render, and Russian comes back after, as every other file expects.
 */
export function inEnglish(): void {
  beforeEach(() => setLocale('en'));
  afterEach(() => setLocale('ru'));
}

/**
 * The Cyrillic words left in `text` once user data and the shared pieces not yet in English (`except`) are
 * taken out: an English screen shows none.
 */
export function cyrillicWordsIn(text: string, except: readonly string[] = []): string[] {
  const rest = except.reduce((left, allowed) => left.replaceAll(allowed, ' '), text);
  return rest.match(/[А-Яа-яЁё]+/g) ?? [];
}
