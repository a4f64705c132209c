import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SoftwareAuthenticator } from '../apps/api/test/webauthn';
import { apiSignIn, stack } from './support/fixtures';

// Helpers of the user-side flows (e2e/user-*.spec.ts): every test makes its own accounts and data
// through the real API with the session header, so tests never share state.

export type Account = { id: number; email: string; token: string; name: string };

type Json = Record<string, unknown>;

export async function call(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<Json> {
  const response = await request.fetch(url, {
    method,
    headers: { 'X-Session-Id': token },
    ...(data !== undefined ? { data } : {}),
  });
  const text = await response.text();
  expect(response.ok(), `${method} ${url}: ${text}`).toBe(true);
  return JSON.parse(text) as Json;
}

/** A signed-in account with a name (new accounts have none). */
export async function createAccount(
  request: APIRequestContext,
  email: string,
  name: string,
): Promise<Account> {
  const token = await apiSignIn(request, email);
  const me = await call(request, token, 'GET', '/api/v1/rest/profile/me');
  const id = (me.data as { id: number }).id;
  await call(request, token, 'PUT', `/api/v1/rest/profile/update/${id}`, { name });
  return { id, email, token, name };
}

export async function createOrganization(
  request: APIRequestContext,
  owner: Account,
  name: string,
  type = 2,
): Promise<number> {
  const body = await call(request, owner.token, 'POST', '/api/v1/rest/organizations', { name, type });
  return (body.data as { id: number }).id;
}

export async function addMember(
  request: APIRequestContext,
  owner: Account,
  organizationId: number,
  user: Account,
) {
  // As the web's 'Добавить пользователя': the exact e-mail first, then the id (decision 0190).
  await call(
    request,
    owner.token,
    'GET',
    `/api/v1/rest/profile/search?search=${encodeURIComponent(user.email)}`,
  );
  await call(request, owner.token, 'POST', `/api/v1/rest/organizations/add-member/${organizationId}`, {
    user_id: user.id,
    type: '2',
  });
}

/** Test mode: a checkout and the sandbox's 'Оплатить', as the browser would post them. */
export async function buyPlan(request: APIRequestContext, account: Account, planId: number) {
  const info = await call(request, account.token, 'POST', '/api/v1/rest/subscribes/get-subscribe-info', {
    subscribe_id: planId,
    type: 'month',
    options: [{ id: 'method', value: 'mir' }],
    user_id: account.id,
  });
  const { label } = info.data as { label: string };
  const paid = await request.post('/api/subscribe/sandbox/pay', { form: { label }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
}

/** A 1×1 PNG written to a temporary file, for the avatar pickers. */
export function tinyPng(name = 'avatar.png'): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cabinet-e2e-')), name);
  fs.writeFileSync(
    file,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  return file;
}

/**
 * Opens the cabinet with an account's existing session (signInAs would ask for a new code, which the
 * server allows once a minute per address).
 */
export async function openAs(page: Page, account: Account): Promise<void> {
  await page.addInitScript((token) => {
    if (!window.sessionStorage.getItem('e2e.seeded')) {
      window.localStorage.setItem('cabinet.accessToken', token);
      window.localStorage.setItem('cabinet.isAuthenticated', 'true');
      window.sessionStorage.setItem('e2e.seeded', '1');
    }
  }, account.token);
}

/** User agents of other devices, for sessions the lists name: 'Safari 17, iOS', 'Chrome 142, Android'. */
export const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';

/**
 * More sessions of the account of `token`, one per user agent: a passkey ('Телефон') of a software
 * authenticator (the server's real WebAuthn checks) signs in through the API, since a second e-mail code
 * would wait a minute. Returns their tokens.
 */
export async function signInElsewhere(
  request: APIRequestContext,
  token: string,
  userAgents: string[],
): Promise<string[]> {
  const device = new SoftwareAuthenticator(stack().baseURL);
  const creation = await call(request, token, 'POST', '/api/v1/auth/passkey/register/options');
  await call(request, token, 'POST', '/api/v1/auth/passkey/register/verify', {
    response: device.register(creation.data as never),
    name: 'Телефон',
  });
  const tokens: string[] = [];
  for (const userAgent of userAgents) {
    const options = await (await request.post('/api/v1/auth/passkey/login/options', { data: {} })).json();
    const res = await request.post('/api/v1/auth/passkey/login/verify', {
      data: { response: device.authenticate(options.data) },
      headers: { 'user-agent': userAgent },
    });
    expect(res.status(), await res.text()).toBe(200);
    tokens.push((await res.json()).data.access_token);
  }
  return tokens;
}
