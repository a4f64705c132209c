import { afterEach, beforeEach } from 'vitest';
import { setLocale } from '@/lib/i18n';

const CYRILLIC = /\p{Script=Cyrillic}/u;
/** Attributes a person reads or hears: labels, hints, placeholders. */
const READ_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt'];

/**
 * The admin screens' English tests (issue 32): the cabinet turns English before the first render (the
 * catalogues load first, as a route waits for them) and back to Russian after the file.
 */
export function inEnglish(): void {
  beforeEach(() => setLocale('en'));
  afterEach(() => setLocale('ru'));
}

/**
 * Every text on the page (dialogs included) and every label read out that still has Cyrillic once
 * `allowed` is taken out: people's data (names, organization and plan names) and the texts of shared
 * components, which their own areas translate.
 */
export function cyrillicLeft(allowed: readonly string[] = []): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
      texts.push(element.value);
  }
  const longestFirst = [...allowed].sort((a, b) => b.length - a.length);
  return texts.filter((text) =>
    CYRILLIC.test(longestFirst.reduce((left, data) => left.split(data).join(''), text)),
  );
}
