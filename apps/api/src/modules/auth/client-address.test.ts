import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

// Which client address the per-IP sign-in limits count (decision 0080): X-Forwarded-For is believed only
// from the proxies TRUST_PROXY names, so a client cannot escape the limits by sending a new one each time.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const limited = (trustProxy?: string) =>
  buildTestApp({
    env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
    rateLimits: { loginSend: 2, loginVerify: 2 },
  });

/** Asks for a code for a new address (so only the per-IP limit can refuse it). */
const askCode = (app: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress,
    headers,
    payload: { email: `ip.${Math.random().toString(36).slice(2)}@example.com` },
  });

const checkCode = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers,
    payload: { email: 'nobody@example.com', code: 111111 },
  });

let counter = 0;
const freshAddress = () => `203.0.113.${++counter % 250}`;

describe('TRUST_PROXY off (the default)', () => {
  it('ignores X-Forwarded-For: a new one on every request is still limited, on both steps', async () => {
    t = await limited();
    expect(t.env.TRUST_PROXY).toBe(false);
    expect((await askCode(t, { 'x-forwarded-for': freshAddress() })).statusCode).toBe(200);
    expect((await askCode(t, { 'x-forwarded-for': freshAddress() })).statusCode).toBe(200);
    const third = await askCode(t, { 'x-forwarded-for': freshAddress() });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    expect((await checkCode(t, { 'x-forwarded-for': freshAddress() })).statusCode).toBe(400);
    expect((await checkCode(t, { 'x-forwarded-for': freshAddress() })).statusCode).toBe(400);
    expect((await checkCode(t, { 'x-forwarded-for': freshAddress() })).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY naming the proxy', () => {
  it('counts the address the proxy reports; each client has its own budget', async () => {
    t = await limited('127.0.0.1');
    const client = { 'x-forwarded-for': '198.51.100.10' };
    expect((await askCode(t, client)).statusCode).toBe(200);
    expect((await askCode(t, client)).statusCode).toBe(200);
    expect((await askCode(t, client)).statusCode).toBe(429);
    // Another client behind the same proxy is not held back by the first.
    expect((await askCode(t, { 'x-forwarded-for': '198.51.100.11' })).statusCode).toBe(200);
    // An address a client writes before the proxy's entry is not believed: the proxy's entry is counted.
    expect((await askCode(t, { 'x-forwarded-for': `${freshAddress()}, 198.51.100.10` })).statusCode).toBe(
      429,
    );
  });

  it('believes X-Forwarded-For from the named proxies only, not from anyone who connects', async () => {
    t = await limited('10.0.0.0/8, 127.0.0.1');
    const direct = '192.0.2.50';
    expect((await askCode(t, { 'x-forwarded-for': freshAddress() }, direct)).statusCode).toBe(200);
    expect((await askCode(t, { 'x-forwarded-for': freshAddress() }, direct)).statusCode).toBe(200);
    expect((await askCode(t, { 'x-forwarded-for': freshAddress() }, direct)).statusCode).toBe(429);
    // Through a proxy in the named range, the reported client is counted.
    expect((await askCode(t, { 'x-forwarded-for': '198.51.100.20' }, '10.1.2.3')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('counts the address one hop in front of the connection, whatever a client prepends', async () => {
    t = await limited('1');
    expect(t.env.TRUST_PROXY).toBe(1);
    const viaBalancer = () => ({ 'x-forwarded-for': `${freshAddress()}, 198.51.100.30` });
    expect((await askCode(t, viaBalancer())).statusCode).toBe(200);
    expect((await askCode(t, viaBalancer())).statusCode).toBe(200);
    expect((await askCode(t, viaBalancer())).statusCode).toBe(429);
    expect((await askCode(t, { 'x-forwarded-for': '198.51.100.31' })).statusCode).toBe(200);
  });
});
