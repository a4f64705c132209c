import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { CHROME_ON_WINDOWS } from '../../../test/sign-in';

// The device authorization grant (issue 29; RFC 8628; decisions 0221–0224): pending, slow_down, approve,
// one token once, deny, expiry with a moved clock, wrong and reused codes, unknown client, and the token's
// limits as a session of its own.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
let ipCounter = 0;
/** Each flow polls from an address of its own, so the per-address limits of one do not touch another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

async function deviceCode(
  payload: Record<string, string> = { client_id: 'desktop', scope: 'read write' },
  form = true,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/device/code',
    remoteAddress: nextIp(),
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      'user-agent': CHROME_ON_WINDOWS,
    },
    payload: form ? new URLSearchParams(payload).toString() : JSON.stringify(payload),
  });
  return res;
}

const poll = (device_code: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: GRANT,
      device_code,
      client_id: 'desktop',
      ...extra,
    }).toString(),
  });

const decide = (user: TestUser, user_code: string, approve: boolean, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/device/decision',
    headers: user.headers,
    remoteAddress: ip,
    payload: { user_code, approve },
  });

async function started() {
  const res = await deviceCode();
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { device_code: string; user_code: string; interval: number };
}

/** Moves the clock past the code's interval so the next poll is not too soon. */
const later = (seconds: number) => t.setNow(new Date(Date.now() + seconds * 1000));

describe('the device authorization request', () => {
  it('answers RFC 8628 fields; the user code is 8 letters without vowels, shown XXXX-XXXX', async () => {
    const res = await deviceCode();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'device_code',
        'expires_in',
        'interval',
        'user_code',
        'verification_uri',
        'verification_uri_complete',
      ].sort(),
    );
    expect(body.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(body).toMatchObject({
      expires_in: 900,
      interval: 5,
      verification_uri: 'http://cabinet.test/app/device',
      verification_uri_complete: `http://cabinet.test/app/device?user_code=${body.user_code}`,
    });
  });

  it('accepts JSON too', async () => {
    const res = await deviceCode({ client_id: 'desktop', scope: 'read' }, false);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an unknown or disabled client with invalid_client, and a scope not allowed with invalid_scope', async () => {
    const unknown = await deviceCode({ client_id: 'nobody', scope: 'read' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'invalid_client',
      error_description: expect.stringMatching(/[А-Яа-я]/),
    });
    const badScope = await deviceCode({ client_id: 'desktop', scope: 'admin' });
    expect(badScope.json().error).toBe('invalid_scope');
    const missing = await deviceCode({ scope: 'read' });
    expect(missing.json().error).toBe('invalid_request');

    const admin = await createAdmin(t);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/admin/oauth-clients',
      headers: admin.headers,
      payload: { name: 'Сборочный сервер', scopes: ['read'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const client = made.json().data;
    expect(client).toMatchObject({
      name: 'Сборочный сервер',
      grant_types: ['device_code'],
      scopes: ['read'],
    });
    expect((await deviceCode({ client_id: client.client_id, scope: 'read' })).statusCode).toBe(200);
    expect((await deviceCode({ client_id: client.client_id, scope: 'write' })).json().error).toBe(
      'invalid_scope',
    );
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/admin/oauth-clients/${client.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect((await deviceCode({ client_id: client.client_id, scope: 'read' })).json().error).toBe(
      'invalid_client',
    );
  });

  it('answers error_description in English when the client asks for it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/device/code',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { client_id: 'nobody' },
    });
    expect(res.json()).toEqual({ error: 'invalid_client', error_description: 'Unknown or disabled client' });
  });
});

describe('the token request', () => {
  it('walks pending → slow_down → approve → one token, once', async () => {
    const user = await createUser(t);
    const { device_code, user_code } = await started();
    try {
      const pending = await poll(device_code);
      expect(pending.statusCode).toBe(400);
      expect(pending.json()).toEqual({
        error: 'authorization_pending',
        error_description: expect.any(String),
      });
      // Polling again at once is too fast: slow_down, and the interval grows by 5 s.
      const fast = await poll(device_code);
      expect(fast.json().error).toBe('slow_down');
      const row = await t.prisma.oauthDeviceCode.findFirstOrThrow({
        where: { userCode: user_code.replace('-', '') },
      });
      expect(row.interval).toBe(10);
      later(6);
      expect((await poll(device_code)).json().error).toBe('slow_down');
      later(30);
      expect((await poll(device_code)).json().error).toBe('authorization_pending');

      // The person enters the code in any case and with or without the dash.
      const lookup = await t.app.inject({
        url: `/api/v1/oauth/device?user_code=${user_code.toLowerCase().replace('-', '')}`,
        headers: user.headers,
      });
      expect(lookup.statusCode, lookup.body).toBe(200);
      expect(lookup.json().data).toMatchObject({
        client_name: 'Настольное приложение',
        scopes: ['read', 'write'],
        device: 'Chrome 142, Windows',
        user_code,
      });
      const approved = await decide(user, user_code, true);
      expect(approved.statusCode, approved.body).toBe(200);

      later(60);
      const token = await poll(device_code);
      expect(token.statusCode, token.body).toBe(200);
      expect(token.json()).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 2592000,
        scope: 'read write',
      });
      later(120);
      const again = await poll(device_code);
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('invalid_grant');
      t.setNow(null);

      // The token is a limited session of its own, shown with the application's name.
      const access = token.json().access_token;
      const me = await t.app.inject({
        url: '/api/v1/rest/profile/me',
        headers: { authorization: `Bearer ${access}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(user.email);
      const sessions = (
        await t.app.inject({ url: '/api/v1/rest/profile/sessions', headers: user.headers })
      ).json().data;
      const device = sessions.find((s: { application: string | null }) => s.application);
      expect(device).toMatchObject({ application: 'Настольное приложение', scopes: ['read', 'write'] });
      const events = await t.prisma.auditEvent.findMany({
        where: { actorId: user.id, action: { in: ['device.approved', 'device.token_issued'] } },
      });
      expect(events.map((e) => e.action).sort()).toEqual(['device.approved', 'device.token_issued']);
      expect(JSON.stringify(events.map((e) => e.details))).not.toContain(access);
      // Ended from 'Безопасность', it answers 401.
      const ended = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/rest/profile/sessions/${device.id}`,
        headers: user.headers,
      });
      expect(ended.statusCode).toBe(200);
      const after = await t.app.inject({
        url: '/api/v1/rest/profile/me',
        headers: { authorization: `Bearer ${access}` },
      });
      expect(after.statusCode).toBe(401);
    } finally {
      t.setNow(null);
    }
  });

  it('answers access_denied after a denial', async () => {
    const user = await createUser(t);
    const { device_code, user_code } = await started();
    expect((await decide(user, user_code, false)).json().data).toEqual({ approved: false });
    const res = await poll(device_code);
    expect(res.json().error).toBe('access_denied');
  });

  it('answers expired_token once the code has lived 900 s (moved clock), and the page no longer knows it', async () => {
    const user = await createUser(t);
    const { device_code, user_code } = await started();
    t.setNow(new Date(Date.now() + 901 * 1000));
    try {
      expect((await poll(device_code)).json().error).toBe('expired_token');
      expect((await decide(user, user_code, true)).statusCode).toBe(404);
    } finally {
      t.setNow(null);
    }
  });

  it('refuses a wrong device code, another grant type, a missing parameter, an unknown client', async () => {
    const { device_code } = await started();
    expect((await poll('nonsense')).json().error).toBe('invalid_grant');
    expect((await poll(device_code, { grant_type: 'password' })).json().error).toBe('unsupported_grant_type');
    expect((await poll(device_code, { client_id: 'nobody' })).json().error).toBe('invalid_client');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      payload: { grant_type: GRANT, client_id: 'desktop' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const notObject = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(notObject.json().error).toBe('invalid_request');
  });
});

describe('the device token is never a full session', () => {
  it("an admin's device token reaches no admin call and no closed call; a 'read' token no POST", async () => {
    const admin = await createAdmin(t);
    const res = await deviceCode({ client_id: 'desktop', scope: 'read' });
    const { device_code, user_code } = res.json();
    await decide(admin, user_code, true);
    const { access_token } = (await poll(device_code)).json();
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${access_token}` },
        ...(payload ? { payload } : {}),
      });
    expect((await as('GET', '/api/v1/rest/organizations')).statusCode).toBe(200);
    for (const url of [
      '/api/v1/rest/admin/users-count',
      '/api/v1/rest/profile/sessions',
      '/api/v1/rest/profile/tokens',
    ]) {
      const r = await as('GET', url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message).toBe('Недостаточно прав у токена');
    }
    expect((await as('POST', '/api/v1/rest/organizations', { name: 'Нельзя', type: 2 })).statusCode).toBe(
      403,
    );
    // Blocking the account ends it at once.
    const user = await createUser(t);
    const r2 = (await deviceCode({ client_id: 'desktop', scope: 'read' })).json();
    await decide(user, r2.user_code, true);
    const tok = (await poll(r2.device_code)).json().access_token;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/admin/users/${user.id}/block`,
      headers: admin.headers,
    });
    const blocked = await t.app.inject({
      url: '/api/v1/rest/profile/me',
      headers: { authorization: `Bearer ${tok}` },
    });
    expect(blocked.statusCode).toBe(401);
  });
});

describe('/app/device: wrong and reused codes', () => {
  it('counts wrong codes per person and answers 429 with how long to wait; a used code is wrong', async () => {
    const user = await createUser(t);
    const { user_code } = await started();
    expect((await decide(user, user_code, true, '203.0.113.77')).statusCode).toBe(200);
    const reused = await decide(user, user_code, true, '203.0.113.77');
    expect(reused.statusCode).toBe(404);
    for (let i = 0; i < 8; i++) {
      const r = await t.app.inject({
        url: '/api/v1/oauth/device?user_code=BCDF-GHJK',
        headers: user.headers,
        remoteAddress: '203.0.113.77',
      });
      expect(r.statusCode).toBe(404);
    }
    const bad = await t.app.inject({
      url: '/api/v1/oauth/device?user_code=AAAA-AAAA',
      headers: user.headers,
      remoteAddress: '203.0.113.77',
    });
    expect(bad.statusCode).toBe(404);
    const capped = await t.app.inject({
      url: `/api/v1/oauth/device?user_code=${user_code}`,
      headers: user.headers,
      remoteAddress: '203.0.113.77',
    });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/^Слишком много неверных кодов\. Попробуйте через \d+ мин$/);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('more rules of the device token and the page', () => {
  it("ends from the admin's view of the user's sessions", async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const { device_code, user_code } = await started();
    await decide(user, user_code, true);
    const { access_token } = (await poll(device_code)).json();
    const list = await t.app.inject({
      url: `/api/v1/rest/admin/users/${user.id}/sessions`,
      headers: admin.headers,
    });
    const device = list.json().data.find((s: { application: string | null }) => s.application);
    expect(device).toMatchObject({ application: 'Настольное приложение' });
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rest/admin/users/${user.id}/sessions/${device.id}`,
      headers: admin.headers,
    });
    expect(ended.statusCode).toBe(200);
    const after = await t.app.inject({
      url: '/api/v1/rest/profile/me',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('caps wrong codes per address across people (30 in 15 minutes)', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < 3; i++) {
      const person = await createUser(t);
      for (let j = 0; j < 10; j++) {
        const r = await t.app.inject({
          url: '/api/v1/oauth/device?user_code=BCDF-GHJK',
          headers: person.headers,
          remoteAddress: ip,
        });
        expect(r.statusCode).toBe(404);
      }
    }
    const fresh = await createUser(t);
    const capped = await t.app.inject({
      url: '/api/v1/oauth/device?user_code=BCDF-GHJK',
      headers: fresh.headers,
      remoteAddress: ip,
    });
    expect(capped.statusCode).toBe(429);
    // From another address the same fresh person is not capped.
    const elsewhere = await t.app.inject({
      url: '/api/v1/oauth/device?user_code=BCDF-GHJK',
      headers: fresh.headers,
      remoteAddress: '203.0.113.100',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('limits answer in OAuth shape', () => {
  it('answers 429 {error: slow_down} past 30 device codes a minute from one address', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/oauth/device/code',
        remoteAddress: '192.0.2.200',
        payload: { client_id: 'desktop', scope: 'read' },
      });
    for (let i = 0; i < 30; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'slow_down',
      error_description: expect.stringMatching(/^Слишком много/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).not.toHaveProperty('success');
  });
});

describe('the server metadata (RFC 8414)', () => {
  it('names the issuer and the endpoints', async () => {
    const res = await t.app.inject({ url: '/.well-known/oauth-authorization-server' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: 'http://cabinet.test',
      device_authorization_endpoint: 'http://cabinet.test/api/v1/oauth/device/code',
      token_endpoint: 'http://cabinet.test/api/v1/oauth/token',
      grant_types_supported: [GRANT],
      scopes_supported: ['read', 'write'],
    });
  });
});
