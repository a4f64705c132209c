import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { uniqueEmail } from '../../../test/factories';
import { formatWait } from './login-caps';

// Caps across codes (decisions 0082, 0182): per (e-mail, client) wrong codes 10 an hour and 30 a day, code
// mails 10 a day; account-wide 40, 120 and 40, from which a known sign-in device is exempt.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3600 * 1000;
const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });

/** A new code for `email`, past the 60 s resend rule. */
async function freshCode(email: string): Promise<string> {
  await t.prisma.loginCode.updateMany({
    where: { email },
    data: { createdAt: new Date(Date.now() - 61_000) },
  });
  const before = t.smtp.mailsTo(email).length;
  const res = await login({ email });
  expect(res.statusCode, res.body).toBe(200);
  return t.smtp.nextCode(email, before);
}

const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function wrongTries(email: string, code: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await login({ email, code: wrongFor(code) });
    expect(res.statusCode, res.body).toBe(400);
  }
}

/** Events of `email` from `client` (default: the address app.inject calls from). */
async function addEvents(
  email: string,
  kind: 'wrong_code' | 'code_sent',
  agesMs: number[],
  client = 'ip:127.0.0.1',
) {
  await t.prisma.loginEvent.createMany({
    data: agesMs.map((age) => ({ email, kind, client, createdAt: new Date(Date.now() - age) })),
  });
}

describe('wrong codes per e-mail', () => {
  it('refuses the 11th wrong code in an hour, over 3 codes, even with a fresh or the right code', async () => {
    const email = uniqueEmail('guess');
    await wrongTries(email, await freshCode(email), 4);
    await wrongTries(email, await freshCode(email), 4);
    const third = await freshCode(email);
    await wrongTries(email, third, 2);

    const eleventh = await login({ email, code: wrongFor(third) });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ success: false, data: null, code: 'RATE_LIMITED' });
    expect(eleventh.json().message).toMatch(/^Слишком много неверных кодов\. Повторите через \d+ мин$/);
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(eleventh.json().message).toBe(
      `Слишком много неверных кодов. Повторите через ${formatWait(retryAfter)}`,
    );

    // The right code of the live code is refused too, and so is a fresh code, right or wrong.
    expect((await login({ email, code: third })).statusCode).toBe(429);
    const fourth = await freshCode(email);
    expect((await login({ email, code: wrongFor(fourth) })).statusCode).toBe(429);
    expect((await login({ email, code: fourth })).statusCode).toBe(429);
    expect(await t.prisma.session.count({ where: { user: { email } } })).toBe(0);
    // Refusals by the cap are not tries: the code keeps its five.
    expect((await t.prisma.loginCode.findUniqueOrThrow({ where: { email } })).attempts).toBe(0);

    // An hour after the 1st wrong code there is room again, and the live code works.
    await t.prisma.loginEvent.updateMany({
      where: { email, kind: 'wrong_code' },
      data: { createdAt: new Date(Date.now() - HOUR - 1000) },
    });
    expect((await login({ email, code: fourth })).statusCode).toBe(200);
  });

  it('refuses past 30 wrong codes in a day, saying when the oldest leaves the day', async () => {
    const email = uniqueEmail('slow-guess');
    const code = await freshCode(email);
    // Thirty, none in the last hour (so only the daily cap applies); the oldest is 23 h old.
    await addEvents(
      email,
      'wrong_code',
      Array.from({ length: 30 }, (_, i) => 23 * HOUR - i * 20 * 60 * 1000),
    );
    const res = await login({ email, code });
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(res.json().message).toMatch(/^Слишком много неверных кодов\. Повторите через (59|60) мин$/);
  });

  it('is per e-mail: another address is not held back', async () => {
    const capped = uniqueEmail('capped');
    await addEvents(
      capped,
      'wrong_code',
      Array.from({ length: 10 }, (_, i) => i * 1000),
    );
    const other = uniqueEmail('other');
    const code = await freshCode(other);
    expect((await login({ email: other, code })).statusCode).toBe(200);
  });
});

describe('code mails per address', () => {
  it('sends at most 10 a day, then 429 saying when; the 60 s rule still holds between two', async () => {
    const email = uniqueEmail('mails');
    await freshCode(email);
    const again = await login({ email });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Новый код можно запросить через \d+ с$/);
    for (let i = 1; i < 10; i++) await freshCode(email);
    expect(t.smtp.mailsTo(email)).toHaveLength(10);

    await t.prisma.loginCode.updateMany({
      where: { email },
      data: { createdAt: new Date(Date.now() - 61_000) },
    });
    const eleventh = await login({ email });
    expect(eleventh.statusCode).toBe(429);
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(eleventh.json().message).toMatch(
      /^Слишком много писем с кодом на этот адрес\. Повторите через (23 ч \d+ мин|24 ч)$/,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(t.smtp.mailsTo(email)).toHaveLength(10);
    // The last code mailed still works.
    const last = await t.smtp.nextCode(email, 9);
    expect((await login({ email, code: last })).statusCode).toBe(200);
  });

  it('counts the last 24 hours only', async () => {
    const email = uniqueEmail('yesterday');
    await addEvents(
      email,
      'code_sent',
      Array.from({ length: 10 }, (_, i) => 24 * HOUR + 60_000 + i),
    );
    await freshCode(email);
  });
});

describe('the events table', () => {
  it('drops an e-mail’s rows older than a day when it writes, and leaves other e-mails alone', async () => {
    const email = uniqueEmail('prune');
    const other = uniqueEmail('untouched');
    await addEvents(email, 'wrong_code', [25 * HOUR, 30 * HOUR, 2 * HOUR]);
    await addEvents(email, 'code_sent', [26 * HOUR]);
    await addEvents(other, 'wrong_code', [25 * HOUR]);
    const code = await freshCode(email);
    await wrongTries(email, code, 1);
    const left = await t.prisma.loginEvent.findMany({ where: { email }, orderBy: { createdAt: 'asc' } });
    expect(left.map((e) => e.kind)).toEqual(['wrong_code', 'code_sent', 'wrong_code']);
    expect(left.every((e) => e.createdAt.getTime() > Date.now() - 24 * HOUR)).toBe(true);
    expect(await t.prisma.loginEvent.count({ where: { email: other } })).toBe(1);
  });
});

describe('formatWait', () => {
  it.each([
    [1, '1 мин'],
    [60, '1 мин'],
    [61, '2 мин'],
    [2520, '42 мин'],
    [3600, '60 мин'],
    [3601, '1 ч 1 мин'],
    [3 * 3600, '3 ч'],
    [5 * 3600 + 12 * 60, '5 ч 12 мин'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
