import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';

// Personal access tokens (issue 29; decisions 0215–0217): creation, what a token may call, expiry, revoking,
// a blocked account, the limit of 20, and the admins' view.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TOKENS = '/api/v1/rest/profile/tokens';
const FORBIDDEN = 'Недостаточно прав у токена';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeToken(
  user: TestUser,
  body: Record<string, unknown> = { name: 'CI', scopes: ['read'], expires_in_days: null },
) {
  const res = await t.app.inject({ method: 'POST', url: TOKENS, headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string; prefix: string; scopes: string[] };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('making a token', () => {
  it('answers the token once in data.token; the list shows name, scopes, dates and a prefix only', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: TOKENS,
      headers: user.headers,
      payload: { name: 'Сборка', scopes: ['write'], expires_in_days: 30 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.success).toBe(true);
    expect(created.data.token).toMatch(/^cab_pat_[0-9A-Za-z]{32,}$/);
    expect(created.data).toMatchObject({ name: 'Сборка', scopes: ['read', 'write'], last_used_at: null });
    expect(created.data.token.startsWith(created.data.prefix)).toBe(true);
    const days = (Date.parse(created.data.expires_at) - Date.parse(created.data.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const list = await t.app.inject({ url: TOKENS, headers: user.headers });
    expect(list.statusCode).toBe(200);
    const [item] = list.json().data;
    expect(Object.keys(item).sort()).toEqual(
      ['created_at', 'expires_at', 'id', 'last_used_at', 'last_used_ip', 'name', 'prefix', 'scopes'].sort(),
    );
    expect(list.body).not.toContain(created.data.token);

    // Only a keyed hash is stored: neither the token nor its plain SHA-256.
    const row = await t.prisma.personalAccessToken.findUniqueOrThrow({ where: { id: created.data.id } });
    const plain = createHash('sha256').update(created.data.token).digest();
    expect(Buffer.from(row.tokenHash).equals(plain)).toBe(false);
    expect(JSON.stringify(row)).not.toContain(created.data.token.slice(12));
  });

  it('refuses bad input with Russian messages and changes nothing', async () => {
    const user = await createUser(t);
    const bad = [
      { name: 'A', scopes: ['read'], expires_in_days: 1 },
      { name: 'A'.repeat(41), scopes: ['read'], expires_in_days: 1 },
      { name: 'CI', scopes: ['admin'], expires_in_days: 1 },
      { name: 'CI', scopes: [], expires_in_days: 1 },
      { name: 'CI', scopes: ['read'], expires_in_days: 0 },
      { name: 'CI', scopes: ['read'], expires_in_days: 366 },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: TOKENS, headers: user.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/[А-Яа-я]/);
    }
    expect(await t.prisma.personalAccessToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it('keeps at most 20 live tokens per account', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 20; i++) await makeToken(user, { name: `T${i}`, scopes: ['read'] });
    const res = await t.app.inject({
      method: 'POST',
      url: TOKENS,
      headers: user.headers,
      payload: { name: 'Лишний', scopes: ['read'], expires_in_days: null },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Не более 20 действующих токенов');
    const [first] = (await t.app.inject({ url: TOKENS, headers: user.headers })).json().data;
    await t.app.inject({ method: 'DELETE', url: `${TOKENS}/${first.id}`, headers: user.headers });
    await makeToken(user, { name: 'Снова', scopes: ['read'], expires_in_days: null });
  });
});

describe('what a token may call', () => {
  it('calls the allow-list as its account: profile, organizations; last use is recorded once a minute', async () => {
    const user = await createUser(t);
    const { token, id } = await makeToken(user);
    const me = await call('GET', '/api/v1/rest/profile/me', token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.email).toBe(user.email);
    expect((await call('GET', '/api/v1/rest/organizations', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/rest/subscribes', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/rest/payments', token)).statusCode).toBe(200);
    const row = await t.prisma.personalAccessToken.findUniqueOrThrow({ where: { id } });
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.lastUsedIp).toBe('127.0.0.1');
    await call('GET', '/api/v1/rest/profile/me', token);
    const again = await t.prisma.personalAccessToken.findUniqueOrThrow({ where: { id } });
    expect(again.lastUsedAt?.getTime()).toBe(row.lastUsedAt?.getTime());
  });

  it("lets 'read' use GET only; 'read write' changes what its account may", async () => {
    const user = await createUser(t);
    const reader = await makeToken(user, { name: 'Чтение', scopes: ['read'] });
    const writer = await makeToken(user, { name: 'Запись', scopes: ['read', 'write'] });
    const org = { name: 'Команда токена', type: 2 };
    const refused = await call('POST', '/api/v1/rest/organizations', reader.token, org);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: FORBIDDEN, code: 'FORBIDDEN' });
    const created = await call('POST', '/api/v1/rest/organizations', writer.token, org);
    expect(created.statusCode, created.body).toBe(200);
    const renamed = await call('PUT', `/api/v1/rest/profile/update/${user.id}`, writer.token, {
      name: 'Скрипт Скриптов',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const byReader = await call('PUT', `/api/v1/rest/profile/update/${user.id}`, reader.token, {
      name: 'Нет',
    });
    expect(byReader.statusCode).toBe(403);
  });

  it('answers 403 on everything outside the allow-list, even with write, even for an admin', async () => {
    const admin = await createAdmin(t);
    const { token } = await makeToken(admin, { name: 'Админ', scopes: ['read', 'write'] });
    const org = await createOrganization(t, admin);
    const closed: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/v1/rest/admin/users-count'],
      ['GET', '/api/v1/rest/organizations/list'],
      ['GET', '/api/v1/rest/admin/oauth-clients'],
      ['GET', `/api/v1/rest/admin/users/${admin.id}/tokens`],
      ['GET', TOKENS],
      ['POST', TOKENS, { name: 'Ещё', scopes: ['read'] }],
      ['GET', '/api/v1/rest/profile/sessions'],
      ['GET', '/api/v1/rest/profile/passkeys'],
      ['GET', '/api/v1/rest/profile/security-settings'],
      ['PUT', `/api/v1/rest/profile/update/${admin.id}`, { email: 'new.address@example.com' }],
      ['DELETE', `/api/v1/rest/profile/delete/${admin.id}`],
      ['POST', `/api/v1/rest/organizations/${org.id}/transfer`, { user_id: admin.id }],
      ['GET', '/api/v1/rest/payments/settings'],
      ['POST', '/api/v1/rest/subscribes/get-subscribe-info', { id: 1 }],
      ['POST', '/api/v1/auth/logout'],
      ['POST', '/api/v1/oauth/device/decision', { user_code: 'BCDF-GHJK', approve: true }],
      ['GET', `/api/v1/rest/organizations/${org.id}/audit`],
    ];
    for (const [method, url, payload] of closed) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message, `${method} ${url}`).toBe(FORBIDDEN);
    }
    // The account itself is untouched.
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).email).toBe(admin.email);
  });

  it("is never an admin inside an open call either: another user's profile is refused", async () => {
    const admin = await createAdmin(t);
    const other = await createUser(t);
    const { token } = await makeToken(admin);
    const res = await call('GET', `/api/v1/rest/profile/${other.id}`, token);
    expect(res.statusCode).toBe(403);
  });
});

describe('a token stops', () => {
  it('when it expires (401)', async () => {
    const user = await createUser(t);
    const { token } = await makeToken(user, { name: 'День', scopes: ['read'], expires_in_days: 1 });
    expect((await call('GET', '/api/v1/rest/profile/me', token)).statusCode).toBe(200);
    t.setNow(new Date(Date.now() + 25 * 3600 * 1000));
    try {
      const res = await call('GET', '/api/v1/rest/profile/me', token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Токен истёк или отозван');
      // An expired token is not in the list.
      expect((await t.app.inject({ url: TOKENS, headers: user.headers })).json().data).toEqual([]);
    } finally {
      t.setNow(null);
    }
  });

  it('when its owner revokes it (401), and another user cannot revoke it (404)', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { token, id } = await makeToken(user);
    const foreign = await t.app.inject({ method: 'DELETE', url: `${TOKENS}/${id}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url: `${TOKENS}/${id}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/rest/profile/me', token)).statusCode).toBe(401);
    const event = await t.prisma.auditEvent.findFirst({ where: { action: 'token.revoked', targetId: id } });
    expect(event).not.toBeNull();
    expect(JSON.stringify(event?.details)).not.toContain(token);
  });

  it('at once when the account is blocked, and works again when unblocked', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const { token } = await makeToken(user);
    expect((await call('GET', '/api/v1/rest/profile/me', token)).statusCode).toBe(200);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/admin/users/${user.id}/block`,
      headers: admin.headers,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await call('GET', '/api/v1/rest/profile/me', token)).statusCode).toBe(401);
  });

  it("when an admin revokes it from the user's tokens", async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const { token, id } = await makeToken(user);
    const list = await t.app.inject({
      url: `/api/v1/rest/admin/users/${user.id}/tokens`,
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([id]);
    const byUser = await t.app.inject({
      url: `/api/v1/rest/admin/users/${user.id}/tokens`,
      headers: user.headers,
    });
    expect(byUser.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rest/admin/users/${user.id}/tokens/${id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/rest/profile/me', token)).statusCode).toBe(401);
  });

  it('answers 401 for a token that never existed; X-Session-Id keeps working beside it', async () => {
    const user = await createUser(t);
    const res = await call('GET', '/api/v1/rest/profile/me', `cab_pat_${'a'.repeat(40)}`);
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/rest/profile/me', headers: user.headers })).statusCode).toBe(
      200,
    );
  });
});

describe('the OpenAPI document', () => {
  it('declares both token schemes and lists them on the calls open to tokens only', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['session', 'bearer', 'personalAccessToken', 'deviceToken']),
    );
    const schemes = (path: string, method: string) =>
      (doc.paths[path][method].security ?? doc.security).flatMap((s: object) => Object.keys(s));
    expect(schemes('/api/v1/rest/profile/me', 'get')).toContain('personalAccessToken');
    expect(schemes('/api/v1/rest/organizations', 'post')).toContain('deviceToken');
    expect(schemes('/api/v1/rest/profile/tokens', 'get')).not.toContain('personalAccessToken');
    expect(schemes('/api/v1/rest/admin/users-count', 'get')).not.toContain('personalAccessToken');
  });
});
