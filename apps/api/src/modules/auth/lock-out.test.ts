import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { uniqueEmail } from '../../../test/factories';
import { sha256 } from '../../lib/crypto';
import {
  ACCOUNT_CODE_MAIL_CAPS,
  ACCOUNT_WRONG_CODE_CAPS,
  CODE_MAIL_CAPS,
  WRONG_CODE_CAPS,
} from './login-caps';

// Nobody can lock a person out of code sign-in (issue 27 item 1; decision 0182): the caps count per
// (e-mail, client address) first; the account-wide ones are 4x higher and spare a device that completed a
// sign-in before (its `device_token`), which keeps caps of its own.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ATTACKER = '198.51.100.7';
const PERSON = '203.0.113.20';

const login = (payload: object, from = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, remoteAddress: from });

/** Lets the next code be asked for now (the resend pause is a minute per e-mail). */
const agePause = (email: string) =>
  t.prisma.loginCode.updateMany({ where: { email }, data: { createdAt: new Date(Date.now() - 61_000) } });

/** Asks for a code from `from` (with `device_token` when given) and answers it. */
async function codeFor(email: string, from: string, device_token?: string): Promise<string> {
  await agePause(email);
  const before = t.smtp.mailsTo(email).length;
  const res = await login({ email, ...(device_token ? { device_token } : {}) }, from);
  expect(res.statusCode, res.body).toBe(200);
  return t.smtp.nextCode(email, before);
}

const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A full code sign-in from `from`; answers the device token the code step gave. */
async function signIn(email: string, from: string, device_token?: string): Promise<string> {
  const code = await codeFor(email, from, device_token);
  const res = await login({ email, code, ...(device_token ? { device_token } : {}) }, from);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.device_token as string;
}

/** `count` events of `email` from each of `clients`, in the last minutes. */
async function addEvents(email: string, kind: 'wrong_code' | 'code_sent', clients: string[], count: number) {
  await t.prisma.loginEvent.createMany({
    data: clients.flatMap((client) =>
      Array.from({ length: count }, (_, i) => ({
        email,
        kind,
        client,
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    ),
  });
}

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `ip:192.0.2.${i + 1}`);

describe('the numbers', () => {
  it('account-wide caps are 4x the per-client ones', () => {
    expect(WRONG_CODE_CAPS.map((c) => c.max)).toEqual([10, 30]);
    expect(ACCOUNT_WRONG_CODE_CAPS.map((c) => c.max)).toEqual([40, 120]);
    expect(CODE_MAIL_CAPS.map((c) => c.max)).toEqual([10]);
    expect(ACCOUNT_CODE_MAIL_CAPS.map((c) => c.max)).toEqual([40]);
  });
});

describe('wrong codes per (e-mail, address)', () => {
  it("an attacker's twelve requests stop the attacker's address only: the person signs in from another", async () => {
    const email = uniqueEmail('victim');
    // Twelve anonymous requests: two codes asked for and each burned by five wrong tries.
    for (let round = 0; round < 2; round++) {
      const code = await codeFor(email, ATTACKER);
      for (let i = 0; i < 5; i++)
        expect((await login({ email, code: wrongFor(code) }, ATTACKER)).statusCode).toBe(400);
    }
    const third = await codeFor(email, ATTACKER);
    const capped = await login({ email, code: wrongFor(third) }, ATTACKER);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/^Слишком много неверных кодов\. Повторите через \d+ мин$/);
    // Even the right code is refused to the attacker's address.
    expect((await login({ email, code: third }, ATTACKER)).statusCode).toBe(429);

    // The person, from another address, asks for a code and signs in.
    const code = await codeFor(email, PERSON);
    const res = await login({ email, code }, PERSON);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.prisma.session.count({ where: { user: { email } } })).toBe(1);
  });

  it("the resend minute is each client's own: a code asked for elsewhere moments ago holds the person back not", async () => {
    const email = uniqueEmail('minute');
    expect((await login({ email }, ATTACKER)).statusCode).toBe(200);
    const again = await login({ email }, ATTACKER);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Новый код можно запросить через \d+ с$/);

    // Seconds later, from another address: a code of its own at once.
    const before = t.smtp.mailsTo(email).length;
    expect((await login({ email }, PERSON)).statusCode).toBe(200);
    const code = await t.smtp.nextCode(email, before);
    // Neither can ask again within its own minute (the attacker's began before the person's code).
    expect((await login({ email }, ATTACKER)).statusCode).toBe(429);
    expect((await login({ email }, PERSON)).statusCode).toBe(429);
    expect(t.smtp.mailsTo(email)).toHaveLength(2);
    const res = await login({ email, code }, PERSON);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('code mails are counted per address too: ten to one address leave another one its own', async () => {
    const email = uniqueEmail('mails');
    await addEvents(email, 'code_sent', [`ip:${ATTACKER}`], 10);
    await agePause(email);
    const refused = await login({ email }, ATTACKER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Слишком много писем с кодом на этот адрес\. Повторите через/);
    await codeFor(email, PERSON);
  });
});

describe('account-wide caps and known devices', () => {
  it('wrong codes from four addresses stop a fifth address, never a device that signed in before', async () => {
    const email = uniqueEmail('spread');
    const device = await signIn(email, PERSON);
    await addEvents(email, 'wrong_code', addresses(4), 10);

    const code = await codeFor(email, PERSON, device);
    // A new address, even with the right code, is over the account-wide cap…
    const stranger = await login({ email, code }, '192.0.2.50');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Слишком много неверных кодов\. Повторите через \d+ мин$/);
    // …and so is the person's own address without the token.
    expect((await login({ email, code }, PERSON)).statusCode).toBe(429);
    // The device that signed in before is spared, from any address, and gets a new token for the next time.
    const res = await login({ email, code, device_token: device }, '192.0.2.51');
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json().data.device_token as string;
    expect(next).not.toBe(device);
    // The token it replaced is no longer known.
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    const kept = await t.prisma.signInDevice.findMany({ where: { userId: user.id } });
    expect(kept).toHaveLength(1);
    expect(Buffer.from(kept[0]!.tokenHash).equals(Buffer.from(sha256(next)))).toBe(true);
  });

  it('a known device keeps caps of its own: ten wrong codes from it stop it', async () => {
    const email = uniqueEmail('own-caps');
    const device = await signIn(email, PERSON);
    const code = await codeFor(email, PERSON, device);
    // Two codes' worth of wrong tries from the device (each code burned after five).
    for (let i = 0; i < 5; i++) await login({ email, code: wrongFor(code), device_token: device }, PERSON);
    const second = await codeFor(email, PERSON, device);
    for (let i = 0; i < 5; i++) await login({ email, code: wrongFor(second), device_token: device }, PERSON);
    const third = await codeFor(email, PERSON, device);
    const capped = await login({ email, code: third, device_token: device }, PERSON);
    expect(capped.statusCode).toBe(429);
    // Its address without the token is another client: its own count is empty.
    expect((await login({ email, code: third }, '192.0.2.77')).statusCode).toBe(200);
  });

  it('code mails: forty to the account stop a new address, not a known device', async () => {
    const email = uniqueEmail('flood');
    const device = await signIn(email, PERSON);
    await addEvents(email, 'code_sent', addresses(4), 10);
    await agePause(email);
    const refused = await login({ email }, '192.0.2.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Слишком много писем с кодом на этот адрес/);
    const code = await codeFor(email, '192.0.2.61', device);
    expect((await login({ email, code, device_token: device }, '192.0.2.61')).statusCode).toBe(200);
  });

  it("another account's token, an unknown one or none is no device of this account", async () => {
    const email = uniqueEmail('target');
    const otherDevice = await signIn(uniqueEmail('other'), PERSON);
    const own = await signIn(email, PERSON);
    await addEvents(email, 'wrong_code', addresses(4), 10);
    const code = await codeFor(email, PERSON, own);
    for (const device_token of [otherDevice, 'unknown-token', undefined]) {
      const res = await login({ email, code, ...(device_token ? { device_token } : {}) }, PERSON);
      expect(res.statusCode, String(device_token)).toBe(429);
    }
    expect((await login({ email, code, device_token: own }, PERSON)).statusCode).toBe(200);
  });
});

describe('data.device_token', () => {
  it('is given by the code step, random, and kept only as SHA-256 bound to the account', async () => {
    const email = uniqueEmail('token');
    const first = await signIn(email, PERSON);
    const second = await signIn(uniqueEmail('token2'), PERSON);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    const rows = await t.prisma.signInDevice.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.tokenHash).equals(Buffer.from(sha256(first)))).toBe(true);
    expect(Buffer.from(rows[0]!.tokenHash).toString('utf8')).not.toContain(first);
  });

  it('is checked: longer than 256 characters is a 400 that changes nothing', async () => {
    const email = uniqueEmail('long');
    const res = await login({ email, device_token: 'x'.repeat(257) }, PERSON);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: null });
    expect(await t.prisma.user.count({ where: { email } })).toBe(0);
  });
});
