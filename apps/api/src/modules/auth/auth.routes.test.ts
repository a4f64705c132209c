import { LOGIN_CODE_BURNED_MESSAGE, type LoginResult } from '@cabinet/contracts';
import sodium from 'libsodium-wrappers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, randomToken, uniqueEmail } from '../../../test/factories';
import { createMailer } from '../../adapters/smtp';
import { buildApp } from '../../app';
import { loadEnv } from '../../env';
import { sha256 } from '../../lib/crypto';
import { openDatabase } from '../../plugins/db/database';
import { hashLoginCode } from './login-code-secret';

const LOGIN_CODE_SECRET = 'auth-routes-test-secret-of-32-characters+';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: 'boss@example.com', LOGIN_CODE_SECRET } });
});
afterAll(async () => {
  await t?.close();
});

const login = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body as object });

async function requestCode(email: string, loginKey = 'web') {
  const before = t.smtp.mailsTo(email.trim().toLowerCase()).length;
  const res = await login({ loginKey, email });
  expect(res.statusCode, res.body).toBe(200);
  return t.smtp.nextCode(email.trim().toLowerCase(), before);
}

async function signIn(email: string, loginKey = 'web') {
  const code = await requestCode(email, loginKey);
  const res = await login({ loginKey, email, code: Number(code) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LoginResult;
}

describe('POST /api/v1/auth/login', () => {
  it('mails a code, then exchanges it for a session that works', async () => {
    const email = uniqueEmail();
    const first = await login({ loginKey: 'web', email });
    expect(first.json()).toEqual({ success: true, message: 'Код отправлен на почту', data: null });
    const mail = t.smtp.mailsTo(email)[0];
    expect(mail?.subject).toMatch(/^Код для входа: \d{6}$/);
    expect(mail?.html).toContain('<p');
    const code = await t.smtp.nextCode(email);

    const second = await login({ loginKey: 'web', email, code: Number(code) });
    expect(second.statusCode).toBe(200);
    const data = second.json().data;
    expect(data.access_token.length).toBeGreaterThanOrEqual(43);
    expect(data.code).toBe(data.access_token);
    expect(data.electronUrl).toBe(`insomnia://app/auth/finish?box=${encodeURIComponent(data.code)}`);
    expect(data.key_fingerprint).toBeNull();

    const me = await t.app.inject({
      url: '/api/v1/rest/profile/me',
      headers: { 'x-session-id': data.access_token },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email, subscribe_id: 1, type_id: 1, is_admin: false });
    expect(me.json().data.email_verified_at).not.toBeNull();

    // Only the SHA-256 of the token is stored.
    const sessions = await t.prisma.session.findMany({ where: { user: { email } } });
    expect(sessions).toHaveLength(1);
    expect(Buffer.from(sessions[0]!.tokenHash).equals(Buffer.from(sha256(data.access_token)))).toBe(true);
  });

  it('creates the account unverified at the first step', async () => {
    const email = uniqueEmail();
    await requestCode(email);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.typeId).toBe(1);
    expect(user.planId).toBe(1);
  });

  it('trims and lower-cases the e-mail on both steps', async () => {
    const email = uniqueEmail('mixed');
    const code = await requestCode(`  ${email.toUpperCase()}  `);
    const res = await login({ loginKey: 'web', email: ` ${email.toUpperCase()}`, code });
    expect(res.statusCode).toBe(200);
    expect(await t.prisma.user.count({ where: { email } })).toBe(1);
  });

  it('accepts a code sent as a number that lost its leading zero', async () => {
    const email = uniqueEmail();
    await requestCode(email);
    await t.prisma.loginCode.update({
      where: { email },
      data: { codeHash: hashLoginCode(LOGIN_CODE_SECRET, email, '012345') },
    });
    const res = await login({ loginKey: 'web', email, code: 12345 });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a wrong code and counts it', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await login({ loginKey: 'web', email, code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      data: null,
      message: 'Неверный код. Осталось попыток: 4',
    });
    expect(await t.prisma.session.count({ where: { user: { email } } })).toBe(0);
  });

  it('burns a code after five wrong tries: the sixth fails even with the right code', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect((await login({ loginKey: 'web', email, code: wrong })).statusCode).toBe(400);
    const sixth = await login({ loginKey: 'web', email, code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe('Превышено число попыток ввода кода, запросите новый');
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    await t.prisma.loginCode.update({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await login({ loginKey: 'web', email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Код устарел или уже использован, запросите новый');
  });

  it('a code works once', async () => {
    const email = uniqueEmail();
    const code = await requestCode(email);
    expect((await login({ loginKey: 'web', email, code })).statusCode).toBe(200);
    expect((await login({ loginKey: 'web', email, code })).statusCode).toBe(400);
  });

  it('sends nothing new when a code is asked again within 60 s; a new code replaces the old one', async () => {
    const email = uniqueEmail();
    const oldCode = await requestCode(email);
    const again = await login({ loginKey: 'web', email });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json().message).toMatch(/^Новый код можно запросить через \d+ с$/);
    expect(t.smtp.mailsTo(email)).toHaveLength(1);

    await t.prisma.loginCode.update({ where: { email }, data: { createdAt: new Date(Date.now() - 61_000) } });
    const newCode = await requestCode(email);
    if (newCode !== oldCode) {
      expect((await login({ loginKey: 'web', email, code: oldCode })).statusCode).toBe(400);
    }
    expect((await login({ loginKey: 'web', email, code: newCode })).statusCode).toBe(200);
  });

  it('replaces a code burned by wrong tries only after the 60 s pause (decision 0183, not 0160)', async () => {
    const email = uniqueEmail('burned');
    const code = await requestCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++)
      expect((await login({ loginKey: 'web', email, code: wrong })).statusCode).toBe(400);
    const fifth = await login({ loginKey: 'web', email, code: wrong });
    expect(fifth.json().message).toBe(LOGIN_CODE_BURNED_MESSAGE);

    // Burned: still the minute's wait, and no mail.
    const again = await login({ loginKey: 'web', email });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Новый код можно запросить через \d+ с$/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.smtp.mailsTo(email)).toHaveLength(1);

    // After the minute a new code is mailed, and it works.
    await t.prisma.loginCode.update({ where: { email }, data: { createdAt: new Date(Date.now() - 61_000) } });
    const fresh = await requestCode(email);
    expect((await login({ loginKey: 'web', email, code: fresh })).statusCode).toBe(200);
  });

  it('seals the token and vault key for a desktop key, which only its private key opens', async () => {
    await sodium.ready;
    const pair = sodium.crypto_box_keypair();
    const loginKey = Buffer.from(pair.publicKey).toString('base64');
    const email = uniqueEmail('desktop');
    const data = await signIn(email, loginKey);
    expect(data.code).not.toBe(data.access_token);
    const opened = sodium.crypto_box_seal_open(
      Buffer.from(data.code, 'base64'),
      pair.publicKey,
      pair.privateKey,
    );
    const payload = JSON.parse(Buffer.from(opened).toString('utf8'));
    expect(payload.token).toBe(data.access_token);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(payload.key).toBe(Buffer.from(user.vaultKey).toString('base64'));
    expect(data.electronUrl).toBe(`insomnia://app/auth/finish?box=${encodeURIComponent(data.code)}`);
    expect(data.key_fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);

    const me = await t.app.inject({
      url: '/api/v1/rest/profile/me',
      headers: { authorization: `Bearer ${payload.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('promotes e-mails of ADMIN_EMAILS at sign-in', async () => {
    await signIn('Boss@Example.com');
    const boss = await t.prisma.user.findUniqueOrThrow({ where: { email: 'boss@example.com' } });
    expect(boss.typeId).toBe(2);
  });

  it('refuses blocked users with a clear message once they prove the mailbox', async () => {
    const user = await createUser(t);
    await t.prisma.user.update({ where: { id: user.id }, data: { blockedAt: new Date() } });
    const code = await requestCode(user.email);
    const res = await login({ loginKey: 'web', email: user.email, code });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Учётная запись заблокирована. Обратитесь к администратору.');
    const me = await t.app.inject({ url: '/api/v1/rest/profile/me', headers: user.headers });
    expect(me.statusCode).toBe(401);
  });

  it.each([
    ['no e-mail', { loginKey: 'web' }],
    ['a bad e-mail', { loginKey: 'web', email: 'not-an-email' }],
    ['an e-mail of the wrong type', { loginKey: 'web', email: 42 }],
    ['a code of letters', { loginKey: 'web', email: 'a@example.com', code: 'abcdef' }],
    ['a code too long', { loginKey: 'web', email: 'a@example.com', code: 1234567 }],
    ['a fractional code', { loginKey: 'web', email: 'a@example.com', code: 1234.5 }],
    ['a negative code', { loginKey: 'web', email: 'a@example.com', code: -12345 }],
    ['a NUL in the e-mail', { loginKey: 'web', email: 'a\u0000@example.com' }],
    ['a 10,000-character e-mail', { loginKey: 'web', email: `${'a'.repeat(10_000)}@example.com` }],
    ['an unknown field', { loginKey: 'web', email: 'a@example.com', admin: true }],
    ['an array', [{ email: 'a@example.com' }]],
  ])('refuses %s with 400 and a Russian message, storing nothing', async (_name, body) => {
    const users = await t.prisma.user.count();
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: null, code: 'VALIDATION' });
    expect(res.json().message).toMatch(/[а-яА-Я]/);
    expect(await t.prisma.user.count()).toBe(users);
  });

  it('refuses malformed JSON, a wrong content type and an oversized body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Некорректный JSON в теле запроса');

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Неподдерживаемый тип содержимого');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', loginKey: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Слишком большой запрос');
  });

  it('never leaks internals in an answer', async () => {
    const res = await login({ loginKey: 'web', email: { $gt: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/prisma|zod|fastify|stack|at .*\.ts|SELECT/i);
  });
});

describe('sessions', () => {
  it('logout revokes the session on the server', async () => {
    const user = await createUser(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/v1/rest/profile/me', headers: user.headers });
    expect(me.statusCode).toBe(401);
  });

  it('a logout with Content-Type json and no body works', async () => {
    const user = await createUser(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...user.headers, 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
  });

  it.each([
    ['missing', {}],
    ['unknown', { 'x-session-id': randomToken() }],
    ['unknown bearer', { authorization: `Bearer ${randomToken()}` }],
    ['malformed bearer', { authorization: 'Basic abc' }],
  ])('a %s token gets 401', async (_name, headers) => {
    const res = await t.app.inject({ url: '/api/v1/rest/profile/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', data: null });
  });

  it('an expired session gets 401 (absolute and idle expiry)', async () => {
    const a = await createUser(t);
    await t.prisma.session.updateMany({
      where: { userId: a.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect((await t.app.inject({ url: '/api/v1/rest/profile/me', headers: a.headers })).statusCode).toBe(401);

    const b = await createUser(t);
    await t.prisma.session.updateMany({
      where: { userId: b.id },
      data: { lastUsedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) },
    });
    expect((await t.app.inject({ url: '/api/v1/rest/profile/me', headers: b.headers })).statusCode).toBe(401);
  });
});

describe('an unreachable database', () => {
  it('answers 503, never 401, and /api/ready says so', async () => {
    const env = loadEnv({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:9/nothing', LOG_LEVEL: 'silent' });
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: '/tmp',
      log: { info() {} },
    });
    const app = await buildApp({
      env,
      database,
      mailer: createMailer({ from: 'x', log: { info() {} } }),
      webDist: null,
      logger: false,
    });
    try {
      const me = await app.inject({
        url: '/api/v1/rest/profile/me',
        headers: { 'x-session-id': randomToken() },
      });
      expect(me.statusCode).toBe(503);
      expect(me.json().message).toBe('Сервис временно недоступен, попробуйте позже');
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('rate limits', () => {
  it('limits both login steps per IP with 429 and Retry-After', async () => {
    const limited = await buildTestApp({ rateLimits: { loginSend: 2, loginVerify: 2 } });
    try {
      const send = (i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: `rl${i}@example.com` },
        });
      expect((await send(1)).statusCode).toBe(200);
      expect((await send(2)).statusCode).toBe(200);
      const third = await send(3);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(third.json().message).toMatch(/^Слишком много запросов/);

      const verify = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: 'rl1@example.com', code: 111111 },
        });
      expect((await verify()).statusCode).toBe(400);
      expect((await verify()).statusCode).toBe(400);
      expect((await verify()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
