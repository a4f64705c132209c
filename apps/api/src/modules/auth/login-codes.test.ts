import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sodium from 'libsodium-wrappers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, uniqueEmail } from '../../../test/factories';
import { createMailer } from '../../adapters/smtp';
import { buildApp } from '../../app';
import { keyFingerprint } from './hand-off';
import { LOGIN_CODE_SECRET_FILE } from './login-code-secret';

// How codes are kept and what the answers give away (decision 0082), and the key fingerprint (0083).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cabinet-login-codes-'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const login = (payload: object, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });

async function requestCode(email: string, loginKey?: string) {
  const before = t.smtp.mailsTo(email).length;
  const res = await login({ email, ...(loginKey && { loginKey }) });
  expect(res.statusCode, res.body).toBe(200);
  return t.smtp.nextCode(email, before);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe('a database dump holds no usable code', () => {
  it('the stored hash matches neither sha256 of the code nor any of the 1,000,000 codes hashed without the secret', async () => {
    const email = uniqueEmail('dump');
    const code = await requestCode(email);
    const stored = Buffer.from((await t.prisma.loginCode.findUniqueOrThrow({ where: { email } })).codeHash);
    expect(stored.equals(sha256(`${email}:${code}`))).toBe(false);
    expect(stored.equals(sha256(code))).toBe(false);

    const matches: string[] = [];
    for (let n = 0; n < 1_000_000; n++) {
      const candidate = String(n).padStart(6, '0');
      if (stored.equals(sha256(`${email}:${candidate}`)) || stored.equals(sha256(candidate))) {
        matches.push(candidate);
      }
    }
    expect(matches).toEqual([]);

    // It is the HMAC under the secret kept in DATA_DIR (LOGIN_CODE_SECRET is unset here), mode 0600.
    const file = path.join(dataDir, LOGIN_CODE_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(file, 'utf8').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(stored.equals(createHmac('sha256', secret).update(`${email}:${code}`).digest())).toBe(true);
    expect((await login({ email, code })).statusCode).toBe(200);
  }, 60_000);

  it('processes sharing LOGIN_CODE_SECRET accept each other’s codes; a process with another secret does not', async () => {
    const secret = 'a-shared-secret-of-at-least-32-characters';
    const mailer = createMailer({ smtpUrl: t.env.SMTP_URL, from: t.env.MAIL_FROM, log: { info() {} } });
    const other = async (env: Record<string, string | undefined>) => {
      const app = await buildApp({
        env: { ...t.env, ...env },
        database: t.database,
        mailer,
        webDist: null,
        logger: false,
        rateLimits: { loginSend: 10_000, loginVerify: 10_000 },
      });
      await app.ready();
      return app;
    };
    const [a, b] = [await other({ LOGIN_CODE_SECRET: secret }), await other({ LOGIN_CODE_SECRET: secret })];
    try {
      const email = uniqueEmail('shared');
      expect((await login({ email }, a)).statusCode).toBe(200);
      const code = await t.smtp.nextCode(email);
      // This test's main app keys with its DATA_DIR secret: the code is not its.
      expect((await login({ email, code })).json().message).toBe('Неверный код. Осталось попыток: 4');
      expect((await login({ email, code }, b)).statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
      mailer.close();
    }
  });
});

describe('the code is bound to its loginKey', () => {
  it('another key is a 400 with a Russian message, counts as a wrong try and opens nothing', async () => {
    await sodium.ready;
    const desktop = Buffer.from(sodium.crypto_box_keypair().publicKey).toString('base64');
    const email = uniqueEmail('bound');
    const code = await requestCode(email, desktop);

    const swapped = await login({ loginKey: 'web', email, code });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json()).toMatchObject({ success: false, data: null, code: 'VALIDATION' });
    expect(swapped.json().message).toBe(
      'Этот код запрошен для другого окна входа или приложения. Запросите новый код здесь',
    );
    const attacker = Buffer.from(sodium.crypto_box_keypair().publicKey).toString('base64');
    expect((await login({ loginKey: attacker, email, code })).statusCode).toBe(400);
    expect((await t.prisma.loginCode.findUniqueOrThrow({ where: { email } })).attempts).toBe(2);
    expect(await t.prisma.loginEvent.count({ where: { email, kind: 'wrong_code' } })).toBe(2);
    expect(await t.prisma.session.count({ where: { user: { email } } })).toBe(0);

    const right = await login({ loginKey: desktop, email, code });
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('blocked accounts', () => {
  it('get the same answer as anyone at the send step; the block is said only after the right code', async () => {
    const blocked = await createUser(t);
    await t.prisma.user.update({ where: { id: blocked.id }, data: { blockedAt: new Date() } });
    const sessions = await t.prisma.session.count({ where: { userId: blocked.id } });
    const stranger = uniqueEmail('stranger');

    const answers = await Promise.all([login({ email: blocked.email }), login({ email: stranger })]);
    const shape = (res: (typeof answers)[number]) => ({
      status: res.statusCode,
      body: res.json(),
      headers: Object.keys(res.headers)
        .filter((h) => h !== 'date')
        .sort(),
    });
    expect(shape(answers[0])).toEqual(shape(answers[1]));
    expect(answers[0].json()).toEqual({ success: true, message: 'Код отправлен на почту', data: null });

    const code = await t.smtp.nextCode(blocked.email);
    const wrong = await login({
      email: blocked.email,
      code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Неверный код. Осталось попыток: 4');

    const right = await login({ email: blocked.email, code });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe('Учётная запись заблокирована. Обратитесь к администратору.');
    expect(await t.prisma.session.count({ where: { userId: blocked.id } })).toBe(sessions);
  });
});

describe('answers never reveal whether an account existed before', () => {
  it('send and check answer alike for a verified account, an unverified one and a new address', async () => {
    const verified = (await createUser(t)).email;
    const unverified = uniqueEmail('unverified');
    await requestCode(unverified);
    await t.prisma.loginCode.deleteMany({ where: { email: unverified } });
    const fresh = uniqueEmail('fresh');

    const sends = await Promise.all([verified, unverified, fresh].map((email) => login({ email })));
    for (const res of sends) {
      expect([res.statusCode, res.json()]).toEqual([
        200,
        { success: true, message: 'Код отправлен на почту', data: null },
      ]);
    }
    // A check with no code asked for: an existing account and an unknown address answer alike.
    const noCode = await Promise.all(
      [(await createUser(t)).email, uniqueEmail('never')].map((email) => login({ email, code: '123456' })),
    );
    const checks = await Promise.all(
      [verified, unverified, fresh].map(async (email) => {
        const code = await t.smtp.nextCode(email, t.smtp.mailsTo(email).length - 1);
        return login({ email, code: String((Number(code) + 1) % 1_000_000).padStart(6, '0') });
      }),
    );
    expect(new Set(checks.map((r) => r.body)).size).toBe(1);
    expect(new Set(noCode.map((r) => r.body)).size).toBe(1);
  });
});

describe('key fingerprint', () => {
  it('is returned for a desktop key (8 bytes of its SHA-256 in groups of 4) and null for the web', async () => {
    await sodium.ready;
    const key = sodium.crypto_box_keypair().publicKey;
    const loginKey = Buffer.from(key).toString('base64');
    const email = uniqueEmail('fingerprint');
    const code = await requestCode(email, loginKey);
    const res = await login({ loginKey, email, code });
    expect(res.statusCode, res.body).toBe(200);
    const expected = createHash('sha256')
      .update(key)
      .digest('hex')
      .slice(0, 16)
      .replace(/(.{4})(?!$)/g, '$1 ');
    expect(res.json().data.key_fingerprint).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4}$/);
    expect(keyFingerprint(key)).toBe(expected);

    const web = uniqueEmail('web');
    const webCode = await requestCode(web);
    expect((await login({ email: web, code: webCode })).json().data.key_fingerprint).toBeNull();
  });
});
