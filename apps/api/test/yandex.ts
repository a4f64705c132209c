import { expect } from 'vitest';
import { buildTestApp, type TestApp, type TestAppOptions } from './build-test-app';
import { type YandexAccount, YandexServer } from './yandex-server';

// Yandex ID in the API tests: a test app configured for the local Yandex server, and the browser's part
// of the round trip (start → Yandex's /authorize → callback → the web's landing exchange), cookie and all.

export async function startYandexApp(options: TestAppOptions = {}) {
  const yandex = new YandexServer();
  const base = await yandex.start();
  const t = await buildTestApp({
    ...options,
    env: {
      YANDEX_CLIENT_ID: yandex.clientId,
      YANDEX_CLIENT_SECRET: yandex.clientSecret,
      YANDEX_OAUTH_URL: base,
      YANDEX_LOGIN_URL: base,
      ...options.env,
    },
  });
  return {
    t,
    yandex,
    async close() {
      await t.close();
      await yandex.stop();
    },
  };
}

let accounts = 0;
/** A Yandex account with a fresh id and address. */
export const yandexAccount = (fields: Partial<YandexAccount> = {}): YandexAccount => {
  const id = String(1_000_000_000 + (Date.now() % 1_000_000) * 100 + ++accounts);
  return {
    id,
    login: `ya${id}`,
    default_email: `ya${id}@yandex.ru`,
    real_name: 'Анна Иванова',
    first_name: 'Анна',
    last_name: 'Иванова',
    ...fields,
  };
};

/** 'cabinet_flow=…' from a Set-Cookie header, for the next requests of the same browser. */
export function flowCookieFrom(header: string | string[] | undefined): string {
  const line = (Array.isArray(header) ? header : [header ?? '']).find((c) => c.startsWith('cabinet_flow='));
  expect(line, 'the flow cookie').toBeTruthy();
  return (line ?? '').split(';')[0] ?? '';
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Yandex's /authorize as the browser follows it: where it sends the browser back. */
export async function atYandex(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get('location') ?? '';
}

/** GET the callback URL Yandex sent the browser to, with the browser's cookie. */
export const callback = (t: TestApp, url: string, cookie: string | null) =>
  t.app.inject({ url: pathOf(url), headers: cookie ? { cookie } : {} });

/** 'Войти с Яндекс ID' up to the callback's answer. */
export async function yandexRoundTrip(t: TestApp, headers: Record<string, string> = {}) {
  const start = await t.app.inject({ url: '/api/v1/auth/yandex/start', headers });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = flowCookieFrom(start.headers['set-cookie']);
  const back = await atYandex(String(start.headers.location));
  const res = await callback(t, back, cookie);
  return { start, back, cookie, res };
}

/** The landing's one-time code of a callback that signed in. */
export function landingCode(location: string | string[] | undefined): string {
  const url = new URL(String(location));
  expect(url.origin + url.pathname).toBe('http://cabinet.test/app/auth-app/landing');
  return url.searchParams.get('code') ?? '';
}

/** The web's landing route trading the code, from the browser with `cookie` (and `headers`). */
export const exchange = (
  t: TestApp,
  code: string,
  cookie: string | null,
  loginKey?: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/landing',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload: { code, ...(loginKey ? { loginKey } : {}) },
  });

/** The whole sign-in: the callback, then the web's exchange; the answer of the exchange. */
export async function yandexSignIn(t: TestApp, headers: Record<string, string> = {}) {
  const trip = await yandexRoundTrip(t, headers);
  expect(trip.res.statusCode, trip.res.body).toBe(302);
  const res = await exchange(t, landingCode(trip.res.headers.location), trip.cookie, undefined, headers);
  return { ...trip, landing: res };
}
