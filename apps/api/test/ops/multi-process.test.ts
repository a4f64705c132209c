import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../database';
import { uniqueEmail } from '../factories';
import { SmtpPeer } from '../smtp-peer';
import { SoftwareAuthenticator } from '../webauthn';
import {
  type ApiProcess,
  dropRedisKeys,
  startApiProcess,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
} from './api-process';
import { type S3Server, startS3Server } from './s3-server';

// Two real API processes on one PostgreSQL database, one Redis and one S3 store, as behind a load
// balancer: whatever one process did, the other sees (issue 6).

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpPeer;
let s3: S3Server;
let a: ApiProcess;
let b: ApiProcess;
const redisPrefix = uniqueRedisPrefix();

beforeAll(async () => {
  db = await createTestDatabase('cabinet_ops');
  smtp = new SmtpPeer();
  const smtpUrl = await smtp.start();
  s3 = await startS3Server();
  const env = {
    DATABASE_URL: db.url,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'http://cabinet.test',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: redisPrefix,
    LOGIN_RATE_LIMIT: '2',
    // Behind a load balancer: the tests play it from loopback, each test its own client address.
    TRUST_PROXY: '127.0.0.1',
    // One key for the code hashes on every process, or a code mailed by one fails on the other.
    LOGIN_CODE_SECRET: randomBytes(32).toString('base64url'),
    ...s3.env,
  };
  const dataDir = `/tmp/cabinet-ops-${process.pid}-${randomBytes(4).toString('hex')}`;
  // Both start at once on an empty database: the migrations are applied once, under the advisory lock.
  [a, b] = await Promise.all([
    startApiProcess({ ...env, DATA_DIR: `${dataDir}/a` }),
    startApiProcess({ ...env, DATA_DIR: `${dataDir}/b` }),
  ]);
}, 90_000);

afterAll(async () => {
  const codes = await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.stop();
  await s3?.stop();
  await db?.drop();
  await dropRedisKeys(redisPrefix);
  expect(codes).toEqual([0, 0]);
});

/** Each test its own client address (TRUST_PROXY), so the per-IP sign-in budgets do not mix. */
const client = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function call(api: ApiProcess, path: string, init: RequestInit & { ip?: string; token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.ip) headers.set('x-forwarded-for', init.ip);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${api.url}${path}`, { ...init, headers });
  return res;
}

const login = (api: ApiProcess, ip: string, body: object) =>
  call(api, '/api/v1/auth/login', { method: 'POST', ip, body: JSON.stringify(body) });

/** Code asked for on `first`, session opened on `second`. */
async function signIn(first: ApiProcess, second: ApiProcess, email: string): Promise<string> {
  const ip = client();
  const before = smtp.mailsTo(email).length;
  expect((await login(first, ip, { email })).status).toBe(200);
  const code = await smtp.nextCode(email, before);
  const res = await login(second, ip, { email, code });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

describe('two API processes on one database, Redis and S3', () => {
  it('both serve, and the migrations were applied once', async () => {
    for (const api of [a, b]) expect((await call(api, '/api/ready')).status).toBe(200);
    const applied = [...a.logs, ...b.logs].filter((l) => l.includes('Applied migrations'));
    expect(applied).toHaveLength(1);
  });

  it('a code asked for on one is accepted on the other, and the session works on both until signed out', async () => {
    const email = uniqueEmail();
    const token = await signIn(a, b, email);
    for (const api of [a, b]) {
      const me = await call(api, '/api/v1/rest/profile/me', { token });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
    }
    expect((await call(b, '/api/v1/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect((await call(a, '/api/v1/rest/profile/me', { token })).status).toBe(401);
  });

  it('a sign-in rate limit reached on one holds on the other (LOGIN_RATE_LIMIT=2, counted in Redis)', async () => {
    const ip = client();
    expect((await login(a, ip, { email: uniqueEmail() })).status).toBe(200);
    expect((await login(b, ip, { email: uniqueEmail() })).status).toBe(200);
    for (const api of [a, b]) {
      const res = await login(api, ip, { email: uniqueEmail() });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Слишком много запросов/);
    }
    // Another client is not affected.
    expect((await login(b, client(), { email: uniqueEmail() })).status).toBe(200);
  });

  it('a file uploaded through one downloads through the other (S3)', async () => {
    const token = await signIn(a, a, uniqueEmail());
    const bytes = randomBytes(256 * 1024);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'отчёт.bin');
    const up = await call(a, '/api/v1/files/upload', { method: 'POST', token, body: form });
    expect(up.status, await up.clone().text()).toBe(200);
    const file = ((await up.json()) as { data: { id: number; disk: string; relative_url: string } }).data;
    expect(file.disk).toBe('s3');

    const down = await call(b, file.relative_url, { token });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a session ended on one is refused on the other at its very next request', async () => {
    // Two sessions of one account: a code sign-in, and a passkey whose challenges cross the processes.
    const email = uniqueEmail();
    const token = await signIn(a, b, email);
    const json = async (res: Response) => ((await res.json()) as { data: never }).data;
    const post = (api: ApiProcess, path: string, body: object | undefined, auth?: string) =>
      call(api, path, {
        method: 'POST',
        ip: client(),
        ...(auth ? { token: auth } : {}),
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const device = new SoftwareAuthenticator('http://cabinet.test');
    const creation = await json(await post(a, '/api/v1/auth/passkey/register/options', undefined, token));
    const added = await post(
      b,
      '/api/v1/auth/passkey/register/verify',
      {
        response: device.register(creation),
        name: 'Ноутбук',
      },
      token,
    );
    expect(added.status, await added.clone().text()).toBe(201);
    const passkeySignIn = async (first: ApiProcess, second: ApiProcess) => {
      const request = await json(await post(first, '/api/v1/auth/passkey/login/options', {}));
      const res = await post(second, '/api/v1/auth/passkey/login/verify', {
        response: device.authenticate(request),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await json(res)) as { access_token: string }).access_token;
    };
    const other = await passkeySignIn(b, a);

    const sessions = (await json(await call(b, '/api/v1/rest/profile/sessions', { token }))) as {
      id: number;
      current: boolean;
    }[];
    expect(sessions).toHaveLength(2);
    const otherId = sessions.find((s) => !s.current)?.id;
    expect(
      (await call(b, `/api/v1/rest/profile/sessions/${otherId}`, { method: 'DELETE', token })).status,
    ).toBe(200);
    for (const api of [a, b])
      expect((await call(api, '/api/v1/rest/profile/me', { token: other })).status).toBe(401);
    for (const api of [a, b])
      expect((await call(api, '/api/v1/rest/profile/me', { token })).status).toBe(200);

    const third = await passkeySignIn(a, b);
    const revoked = await post(a, '/api/v1/rest/profile/sessions/revoke-others', undefined, token);
    expect(await json(revoked)).toEqual({ count: 1 });
    for (const api of [b, a])
      expect((await call(api, '/api/v1/rest/profile/me', { token: third })).status).toBe(401);
  });
});
