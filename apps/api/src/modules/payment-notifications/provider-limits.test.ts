import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { PROVIDER_NOTIFICATIONS_PER_MINUTE } from './payment-notifications.routes';

// Issue 27 item 4 (decision 0195): the providers' calls keep budgets of their own, per sending address,
// counted before the body is read (a bad body counts), and a flood from one address never touches another.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, remoteAddress: string, payload = 'not json') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe.each([
  ['YooMoney', '/api/subscribe/buy'],
  ['YooKassa', '/api/v1/payments/yookassa/notifications'],
])('%s notifications', (_name, url) => {
  it('past the per-address budget answer 429 with Retry-After, bad bodies counted; another address goes on', async () => {
    const address = `10.9.${url.length}.1`;
    for (let i = 0; i < PROVIDER_NOTIFICATIONS_PER_MINUTE; i++) {
      const res = await post(url, address);
      expect(res.statusCode).not.toBe(429);
    }
    const refused = await post(url, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await post(url, `10.9.${url.length}.2`)).statusCode).not.toBe(429);
  });
});
