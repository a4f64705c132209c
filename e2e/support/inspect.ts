import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

// What every browser flow checks on a screen it opens (issues 4 and 16): no serious or critical axe
// violation of WCAG 2.0/2.1 A and AA, no sideways scroll, and no field whose only instruction is its
// placeholder.

/** The two widths of issue 4. */
export const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

/** What is wrong with the screen open now, one line per finding (empty when nothing is). */
export async function findings(page: Page, screen: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // Mantine's transitions and react-query's first answers settle within this.
  await page.waitForTimeout(300);
  const found: string[] = [];
  const width = page.viewportSize()?.width ?? 0;

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const violation of axe.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const nodes = violation.nodes
      .slice(0, 3)
      .map((node) => `${node.html.slice(0, 160)} — ${node.failureSummary}`);
    found.push(`${screen} @${width}: axe ${violation.id} (${violation.impact}): ${nodes.join(' | ')}`);
  }

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) found.push(`${screen} @${width}: scrolls ${overflow}px sideways`);

  // Issue 16: a placeholder is never the only carrier of an instruction: every field with one has a
  // label of its own (a <label>, aria-label or aria-labelledby) that is not the placeholder.
  const bare = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input[placeholder], textarea[placeholder]',
      ),
    )
      .filter((field) => field.offsetParent !== null)
      .filter((field) => {
        const named =
          (field.labels?.length ?? 0) > 0 ||
          Boolean(field.getAttribute('aria-label')?.trim()) ||
          Boolean(field.getAttribute('aria-labelledby'));
        return !named;
      })
      .map((field) => field.outerHTML.slice(0, 120)),
  );
  for (const field of bare)
    found.push(`${screen} @${width}: a field named only by its placeholder: ${field}`);
  for (const field of await faintPlaceholders(page))
    found.push(`${screen} @${width}: a placeholder below 4.5:1: ${field}`);
  return found;
}

/** Issue 16: placeholders at 4.5:1 against their field (axe does not look at ::placeholder). */
function faintPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const background = (element: Element | null): string => {
      for (let e = element; e; e = e.parentElement) {
        const color = getComputedStyle(e).backgroundColor;
        if (color && color !== 'transparent' && !color.startsWith('rgba(0, 0, 0, 0)')) return color;
      }
      return 'rgb(255, 255, 255)';
    };
    return Array.from(
      document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'),
    )
      .filter((field) => field.offsetParent !== null && !field.disabled && field.placeholder.trim() !== '')
      .map((field) => {
        const text = luminance(getComputedStyle(field, '::placeholder').color);
        const ground = luminance(background(field));
        const ratio = (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05);
        return { ratio, html: field.outerHTML.slice(0, 100) };
      })
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ ratio, html }) => `${ratio.toFixed(2)}:1 ${html}`);
  });
}

/** A full-page picture of the screen for a person to look at (SCREENSHOT_DIR, default /tmp/cabinet-screens). */
export async function screenshot(page: Page, screen: string, width: string) {
  const dir = process.env.SCREENSHOT_DIR ?? '/tmp/cabinet-screens';
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${width}-${screen}.png`), fullPage: true });
}

/** Keyboard focus on each of the first `presses` Tab stops shows a ring (an outline or a box-shadow). */
export async function focusRingsMissing(page: Page, presses: number): Promise<string[]> {
  const missing: string[] = [];
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const state = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring =
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) ||
        (style.boxShadow !== 'none' && style.boxShadow !== '');
      return { ring, html: element.outerHTML.slice(0, 120) };
    });
    if (state && !state.ring) missing.push(state.html);
  }
  return missing;
}

/**
 * Where an e-mail shown by `locator` wraps (issue 16): only after '@' or before a dot, and never past its
 * box. Answers the bad breaks ('anna.pet|rova@…') and whether it overflows.
 */
export async function emailBreaks(locator: Locator): Promise<{ bad: string[]; overflows: boolean }> {
  return locator.evaluate((element) => {
    const text = element.textContent ?? '';
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    }
    const bad: string[] = [];
    for (let i = 1; i < tops.length; i++) {
      if ((tops[i] ?? 0) > (tops[i - 1] ?? 0) + 2 && text[i - 1] !== '@' && text[i] !== '.') {
        bad.push(`${text.slice(0, i)}|${text.slice(i)}`);
      }
    }
    return { bad, overflows: element.scrollWidth > element.clientWidth + 1 };
  });
}
