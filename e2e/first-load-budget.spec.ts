import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signInAs, test, uniqueEmail } from './support/fixtures';

// First-load budgets counted as a person's browser counts them (issue 32, decisions 0111 and 0290): a fresh
// browser context (nothing cached, nothing stored) opens the screen, and every JavaScript response until
// the network has been quiet for a while is summed at its size on the wire, as the server sends it (the
// build's brotli copies: @fastify/static preCompressed). Lazy chunks, prefetched ones and whatever the
// screen starts loading after it shows are all counted. The limits live in apps/web/first-load-budgets.json,
// which the build's own static check (apps/web/.size-limit.js) reads too.

type Budget = { url: string; signedIn: boolean; limitKB: number };
const { screens } = JSON.parse(
  fs.readFileSync(new URL('../apps/web/first-load-budgets.json', import.meta.url), 'utf8'),
) as { screens: Record<string, Budget> };

/** What tells that a screen is up, in any language: the e-mail field, or home's plan and list. */
const shown: Record<string, (page: Page) => Promise<void>> = {
  'sign-in': async (page) => {
    await expect(page.locator('input[name="email"]')).toBeVisible();
  },
  home: async (page) => {
    await expect(page.getByTestId('home-plan-badge')).toBeVisible();
    await expect(page.locator('table').first()).toBeVisible();
  },
};

/** The network is quiet when nothing has been in flight for this long (Playwright's networkidle: 500 ms). */
const QUIET_MS = 1_000;

type Download = { path: string; bytes: number; encoding: string };

/** Opens `url` and returns every script response until the network is quiet, with its bytes on the wire. */
async function firstLoad(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  const downloads: Promise<Download>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const settle = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  page.on('requestfailed', settle);
  page.on('requestfinished', (request) => {
    settle();
    if (request.resourceType() !== 'script') return;
    downloads.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          path: new URL(request.url()).pathname,
          // The body as it came over the wire (compressed), headers left out.
          bytes: sizes.responseBodySize,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(url);
  await ready(page);
  await expect
    .poll(() => inFlight <= 0 && Date.now() - lastActivity >= QUIET_MS, { timeout: 30_000, intervals: [100] })
    .toBe(true);
  return Promise.all(downloads);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function table(title: string, downloads: Download[], limitKB: number): string {
  const rows = [...downloads].sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  return [
    title,
    ...rows.map((row) => `${kB(row.bytes).padStart(8)} kB  ${row.encoding.padEnd(8)} ${row.path}`),
    `${kB(total).padStart(8)} kB  in ${rows.length} responses (limit ${limitKB} kB)`,
  ].join('\n');
}

for (const lang of ['ru', 'en'] as const) {
  test.describe(`in '${lang}'`, () => {
    // Each test has a context of its own: an empty cache and storage, the language's browser settings.
    test.use({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });

    for (const [name, budget] of Object.entries(screens)) {
      test(`${name}: the JavaScript of a first visit stays within ${budget.limitKB} kB`, async ({
        page,
      }, testInfo) => {
        // An ordinary user, new: no organizations, no admin rights.
        if (budget.signedIn) await signInAs(page, uniqueEmail(`budget-${lang}`));
        const ready = shown[name];
        if (!ready) throw new Error(`no readiness check for '${name}' in first-load-budget.spec.ts`);
        const downloads = await firstLoad(page, `${budget.url}?lang=${lang}`, ready);
        const report = table(
          `${name} (${budget.url}, ${lang}): compressed JavaScript`,
          downloads,
          budget.limitKB,
        );
        console.log(report);
        await testInfo.attach(`${name}-${lang}.txt`, { body: report, contentType: 'text/plain' });
        const total = downloads.reduce((sum, row) => sum + row.bytes, 0);
        expect(total / 1000, report).toBeLessThanOrEqual(budget.limitKB);
      });
    }
  });
}
