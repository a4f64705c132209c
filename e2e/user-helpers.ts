import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiSignIn } from './support/fixtures';

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
