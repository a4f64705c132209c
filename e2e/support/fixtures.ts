import fs from 'node:fs';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { STACK_FILE } from '../global-setup';
import { ABOUT_URL, ADMIN_EMAIL, SUPPORT_EMAIL } from './stack';

export { ABOUT_URL, ADMIN_EMAIL, expect, SUPPORT_EMAIL };

// Keys of the web's session store (apps/web/src/lib/session.ts).
const ACCESS_TOKEN_KEY = 'cabinet.accessToken';
const AUTHENTICATED_KEY = 'cabinet.isAuthenticated';

let counter = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}.${Date.now().toString(36)}.${process.pid}.${++counter}@e2e.test`;

export function stack(): { baseURL: string; mailboxURL: string; dataDir: string; databaseUrl: string } {
  return JSON.parse(fs.readFileSync(STACK_FILE, 'utf8'));
}

/** The SMTP peer's mailbox: how many mails an address got, and the code of the next one. */
export const mailbox = {
  async count(email: string): Promise<number> {
    return Number(
      await (await fetch(`${stack().mailboxURL}/count?email=${encodeURIComponent(email)}`)).text(),
    );
  },
  async code(email: string, after: number): Promise<string> {
    const res = await fetch(`${stack().mailboxURL}/code?email=${encodeURIComponent(email)}&after=${after}`);
    if (!res.ok) throw new Error(await res.text());
    return res.text();
  },
  /** The text part of the mail after `after` mails to `email` (waits for it). */
  async text(email: string, after: number): Promise<string> {
    const res = await fetch(`${stack().mailboxURL}/text?email=${encodeURIComponent(email)}&after=${after}`);
    if (!res.ok) throw new Error(await res.text());
    return res.text();
  },
};

/** Signs in through the API (the sign-in screen itself is tested in auth.spec.ts) and returns the token. */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const before = await mailbox.count(email);
  const sent = await request.post('/api/v1/auth/login', { data: { loginKey: 'web', email } });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await mailbox.code(email, before);
  const res = await request.post('/api/v1/auth/login', {
    data: { loginKey: 'web', email, code: Number(code) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.access_token;
}

/** Opens the cabinet signed in as `email` (a new account unless it exists). */
export async function signInAs(page: Page, email: string): Promise<string> {
  const token = await apiSignIn(page.request, email);
  await page.addInitScript(
    ([tokenKey, flagKey, value]) => {
      if (!window.sessionStorage.getItem('e2e.seeded')) {
        window.localStorage.setItem(tokenKey as string, value as string);
        window.localStorage.setItem(flagKey as string, 'true');
        window.sessionStorage.setItem('e2e.seeded', '1');
      }
    },
    [ACCESS_TOKEN_KEY, AUTHENTICATED_KEY, token],
  );
  return token;
}

/** Fails a test when the page logs console.error or throws (architecture.md, convention 7). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (
          msg.type() === 'error' &&
          !/Failed to load resource: the server responded with a status of (4\d\d)/.test(msg.text())
        ) {
          errors.push(msg.text());
        }
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
