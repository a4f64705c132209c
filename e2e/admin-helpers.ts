import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { STACK_FILE } from './global-setup';
import { ADMIN_EMAIL, apiSignIn } from './support/fixtures';

// Helpers of the admin flows (e2e/admin-*.spec.ts). The admin is one account for the whole run, and the
// server sends one code per address a minute, so the admin signs in ONCE per run and every test (in
// every worker) reuses that session. Everything else a test needs it makes itself through the API.

const ACCESS_TOKEN_KEY = 'cabinet.accessToken';
const AUTHENTICATED_KEY = 'cabinet.isAuthenticated';

/** Files of this run only: named after the stack file's content, which changes with every run. */
function runFiles() {
  const run = crypto.createHash('sha1').update(fs.readFileSync(STACK_FILE)).digest('hex').slice(0, 12);
  const base = path.join(os.tmpdir(), `cabinet-e2e-admin-${run}`);
  return { token: `${base}.token`, lock: `${base}.lock` };
}

async function isValid(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get('/api/v1/rest/profile/me', { headers: { 'X-Session-Id': token } });
  return res.ok();
}

/** The admin's session token, signing in once per run (a lock keeps two workers from racing). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const files = runFiles();
  for (let attempt = 0; attempt < 120; attempt++) {
    if (fs.existsSync(files.token)) {
      const cached = fs.readFileSync(files.token, 'utf8').trim();
      if (cached && (await isValid(request, cached))) return cached;
    }
    let locked = false;
    try {
      fs.mkdirSync(files.lock);
      locked = true;
    } catch {
      // Another worker is signing in; wait for its token.
    }
    if (locked) {
      try {
        const token = await apiSignIn(request, ADMIN_EMAIL);
        fs.writeFileSync(files.token, token);
        return token;
      } finally {
        fs.rmSync(files.lock, { recursive: true, force: true });
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('could not get an admin session');
}

/** Opens the cabinet as the admin (the shared session seeded into localStorage). */
export async function signInAsAdmin(page: Page): Promise<string> {
  const token = await adminToken(page.request);
  await page.addInitScript(
    ([tokenKey, flagKey, value]) => {
      window.localStorage.setItem(tokenKey as string, value as string);
      window.localStorage.setItem(flagKey as string, 'true');
    },
    [ACCESS_TOKEN_KEY, AUTHENTICATED_KEY, token],
  );
  return token;
}

type Json = Record<string, unknown> & { data?: unknown; message?: string };

export async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<{ status: number; body: Json }> {
  const response = await request.fetch(url, {
    method,
    headers: { 'X-Session-Id': token },
    ...(data !== undefined ? { data } : {}),
  });
  const text = await response.text();
  return { status: response.status(), body: text ? (JSON.parse(text) as Json) : {} };
}

/**
 * A new account without signing it in: the first login call creates it unverified (the admin's
 * 'create user' flow). Answers its id, found by the admin's search.
 */
export async function inviteAccount(request: APIRequestContext, adminSession: string, email: string) {
  const sent = await request.post('/api/v1/auth/login', { data: { loginKey: 'web', email } });
  expect(sent.status(), await sent.text()).toBe(200);
  return findUserId(request, adminSession, email);
}

export async function findUserId(request: APIRequestContext, adminSession: string, email: string) {
  const { body } = await api(
    request,
    adminSession,
    'GET',
    `/api/v1/rest/profile/search?search=${encodeURIComponent(email)}`,
  );
  const found = (body.data as { id: number; email: string }[]).find((u) => u.email === email);
  expect(found, `user ${email}`).toBeTruthy();
  return (found as { id: number }).id;
}
