import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser, uniqueEmail } from '../../../test/factories';
import { LOGIN_CODE_SECRET_FILE } from '../auth/login-code-secret';

// Changing one's own e-mail needs proof (docs/decisions/0085-email-change-proof.md).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const update = (who: TestUser, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/rest/profile/update/${id}`, headers: who.headers, payload });
const confirm = (who: TestUser | undefined, code: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/rest/profile/confirm-email',
    headers: who?.headers ?? {},
    payload: { code } as object,
  });
const me = async (who: TestUser) =>
  (await t.app.inject({ url: '/api/v1/rest/profile/me', headers: who.headers })).json().data;
const login = (body: object) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body });

/** Asks for `email` and returns the code mailed to it. */
async function requestChange(who: TestUser, email: string) {
  const before = t.smtp.mailsTo(email).length;
  const res = await update(who, who.id, { email });
  expect(res.statusCode, res.body).toBe(200);
  return t.smtp.nextCode(email, before);
}

/** The full sign-in with `email`; answers the id of the account it opened. */
async function signInId(email: string) {
  const before = t.smtp.mailsTo(email).length;
  expect((await login({ loginKey: 'web', email })).statusCode).toBe(200);
  const code = await t.smtp.nextCode(email, before);
  const res = await login({ loginKey: 'web', email, code: Number(code) });
  expect(res.statusCode, res.body).toBe(200);
  const session = { 'x-session-id': res.json().data.access_token as string };
  return (await t.app.inject({ url: '/api/v1/rest/profile/me', headers: session })).json().data.id as number;
}

/** Lets the next code be asked for at once (the resend throttle is a minute). */
const ageLastCode = (userId: number) =>
  t.prisma.emailChange.update({ where: { userId }, data: { createdAt: new Date(Date.now() - 61_000) } });

describe('PUT /profile/update/{id} with a new e-mail of one’s own', () => {
  it('keeps the old address in force until the code mailed to the new one is entered', async () => {
    const user = await createUser(t, { name: 'Смена Адреса' });
    const newEmail = uniqueEmail('moving');
    const res = await update(user, user.id, { email: `  ${newEmail.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `Данные пользователя обновлены. Чтобы сменить эл. почту, введите код из письма, отправленного на ${newEmail}. До этого действует прежний адрес.`,
      data: { name: 'Смена Адреса', email: user.email, pending_email: newEmail },
    });
    const mail = t.smtp.mailsTo(newEmail)[0];
    expect(mail?.subject).toBe('Подтверждение адреса эл. почты');
    expect(mail?.text).toMatch(/Код подтверждения: \d{6}/);
    expect(mail?.html).toContain('<p');
    expect(t.smtp.mailsTo(user.email)).toHaveLength(0);
    const code = await t.smtp.nextCode(newEmail);

    // Nothing has moved yet: profile, sign-in and search still know the old address only.
    expect(await me(user)).toMatchObject({
      email: user.email,
      pending_email: newEmail,
      email_verified_at: expect.any(String),
    });
    const stored = await t.prisma.emailChange.findUniqueOrThrow({ where: { userId: user.id } });
    expect(Buffer.from(stored.codeHash).toString('utf8')).not.toContain(code);
    expect(Buffer.from(stored.codeHash)).toHaveLength(32);
    const other = await createUser(t);
    const search = (email: string) =>
      t.app.inject({ url: `/api/v1/rest/profile/search?search=${email}`, headers: other.headers });
    expect((await search(user.email)).json().data).toEqual([expect.objectContaining({ id: user.id })]);
    expect((await search(newEmail)).json().data).toEqual([]);
    expect(await signInId(user.email)).toBe(user.id);
    expect(await t.prisma.user.count({ where: { email: newEmail } })).toBe(0);

    const done = await confirm(user, Number(code));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      message: 'Адрес эл. почты изменён',
      data: { name: 'Смена Адреса', email: newEmail, pending_email: null },
    });
    expect(await me(user)).toMatchObject({
      email: newEmail,
      pending_email: null,
      email_verified_at: expect.any(String),
    });
    expect(await signInId(newEmail)).toBe(user.id);
    // The old address is free: signing in with it makes a new account.
    expect(await signInId(user.email)).not.toBe(user.id);
    // One use.
    expect((await confirm(user, code)).statusCode).toBe(400);
  });

  it('keeps the code as an HMAC under the sign-in codes’ secret: a database dump gives no code back', async () => {
    const user = await createUser(t);
    const newEmail = uniqueEmail('dump');
    const code = await requestChange(user, newEmail);
    const stored = Buffer.from(
      (await t.prisma.emailChange.findUniqueOrThrow({ where: { userId: user.id } })).codeHash,
    );
    // Without the key, none of the 1,000,000 codes hashes to it (a plain SHA-256 would give it back).
    const sha256 = (text: string) => createHash('sha256').update(text).digest();
    const matches: string[] = [];
    for (let n = 0; n < 1_000_000; n++) {
      const candidate = String(n).padStart(6, '0');
      if (stored.equals(sha256(`email-change:${user.id}:${newEmail}:${candidate}`))) matches.push(candidate);
    }
    expect(matches).toEqual([]);
    // It is keyed with the secret sign-in uses (kept in DATA_DIR here: LOGIN_CODE_SECRET is unset).
    const secret = fs.readFileSync(path.join(t.env.DATA_DIR, LOGIN_CODE_SECRET_FILE), 'utf8').trim();
    const keyed = createHmac('sha256', secret).update(`email-change:${user.id}:${newEmail}:${code}`).digest();
    expect(stored.equals(keyed)).toBe(true);
    expect((await confirm(user, code)).statusCode).toBe(200);
  });

  it('ends sign-in codes mailed to the old address when the change completes', async () => {
    const user = await createUser(t);
    const newEmail = uniqueEmail('fresh');
    const code = await requestChange(user, newEmail);
    expect((await login({ loginKey: 'web', email: user.email })).statusCode).toBe(200);
    expect(await t.prisma.loginCode.count({ where: { email: user.email } })).toBe(1);
    expect((await confirm(user, code)).statusCode).toBe(200);
    expect(await t.prisma.loginCode.count({ where: { email: user.email } })).toBe(0);
  });

  it('follows the sign-in code rules: wrong tries counted, 5 burn it, 10 minutes, string or number', async () => {
    const user = await createUser(t);
    const newEmail = uniqueEmail('careful');
    const code = await requestChange(user, newEmail);
    const wrong = code === '000000' ? '000001' : '000000';
    const first = await confirm(user, wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      success: false,
      message: 'Неверный код. Осталось попыток: 4',
      errors: { code: ['Неверный код. Осталось попыток: 4'] },
    });
    for (const bad of ['12345', 'abcdef', 1234567, 1.5, null]) {
      const res = await confirm(user, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message, String(bad)).toMatch(/[а-я]/i);
    }
    for (let i = 0; i < 3; i++) await confirm(user, wrong);
    const burned = await confirm(user, wrong);
    expect(burned.json().message).toBe('Превышено число попыток ввода кода, запросите новый');
    const tooLate = await confirm(user, code);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().message).toBe('Превышено число попыток ввода кода, запросите новый');
    expect((await me(user)).pending_email).toBeNull();
    expect((await me(user)).email).toBe(user.email);

    // A new code (a minute later); expired after 10 minutes.
    await ageLastCode(user.id);
    const second = await requestChange(user, newEmail);
    await t.prisma.emailChange.update({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const expired = await confirm(user, second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Код устарел или уже использован, запросите новый');

    // The code as a string of digits works as well as the number.
    await ageLastCode(user.id);
    const third = await requestChange(user, newEmail);
    expect((await confirm(user, String(third))).statusCode).toBe(200);
  });

  it('400 without a pending change; 401 without a session', async () => {
    const user = await createUser(t);
    const res = await confirm(user, 123456);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Код устарел или уже использован, запросите новый');
    expect((await confirm(undefined, 123456)).statusCode).toBe(401);
  });

  it('a new request replaces the pending one (a minute apart); the current address back cancels it', async () => {
    const user = await createUser(t);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const firstCode = await requestChange(user, first);
    // One code a minute per account, whatever the address; nothing changes meanwhile.
    for (const email of [second, first]) {
      const soon = await update(user, user.id, { email, name: 'Не Сохранится' });
      expect(soon.statusCode).toBe(429);
      expect(soon.headers['retry-after']).toBeDefined();
      expect(soon.json().message).toMatch(/^Новый код можно запросить через \d+ с$/);
    }
    expect(t.smtp.mailsTo(first)).toHaveLength(1);
    expect(t.smtp.mailsTo(second)).toHaveLength(0);
    expect(await me(user)).toMatchObject({ name: 'Тестовый Пользователь', pending_email: first });

    await ageLastCode(user.id);
    const secondCode = await requestChange(user, second);
    expect((await me(user)).pending_email).toBe(second);
    if (firstCode !== secondCode) expect((await confirm(user, firstCode)).statusCode).toBe(400);

    // A name-only save keeps the pending change; the current address sent back cancels it.
    const renamed = await update(user, user.id, { name: 'Передумал' });
    expect(renamed.json().data).toEqual({ name: 'Передумал', email: user.email, pending_email: second });
    const cancelled = await update(user, user.id, { email: user.email.toUpperCase() });
    expect(cancelled.json()).toMatchObject({
      message: 'Данные пользователя обновлены. Смена адреса эл. почты отменена.',
      data: { email: user.email, pending_email: null },
    });
    expect((await me(user)).pending_email).toBeNull();
    expect((await confirm(user, secondCode)).statusCode).toBe(400);
  });

  it('409 for an address of a verified account, at the request and at the confirmation', async () => {
    const user = await createUser(t);
    const holder = await createUser(t);
    const refused = await update(user, user.id, { email: holder.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Пользователь с таким email уже существует');
    expect(await t.prisma.emailChange.count({ where: { userId: user.id } })).toBe(0);

    // Taken by someone who completed sign-in while the change waited.
    const wanted = uniqueEmail('contested');
    const code = await requestChange(user, wanted);
    const rivalId = await signInId(wanted);
    const late = await confirm(user, code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Пользователь с таким email уже существует');
    expect(await me(user)).toMatchObject({ email: user.email, pending_email: null });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: rivalId } })).email).toBe(wanted);
  });

  it('an account made by an unfinished sign-in does not keep the address from the mailbox’s owner', async () => {
    const user = await createUser(t);
    const wanted = uniqueEmail('squatted');
    expect((await login({ loginKey: 'web', email: wanted })).statusCode).toBe(200);
    const stub = await t.prisma.user.findUniqueOrThrow({ where: { email: wanted } });
    const code = await requestChange(user, wanted);
    expect((await confirm(user, code)).statusCode).toBe(200);
    expect(await t.prisma.user.findUnique({ where: { id: stub.id } })).toBeNull();
    expect(await t.prisma.loginCode.count({ where: { email: wanted } })).toBe(0);
    expect((await me(user)).email).toBe(wanted);
  });

  it('two accounts confirming one address at once: one gets it, the other 409', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const wanted = uniqueEmail('both');
    const codeA = await requestChange(a, wanted);
    const codeB = await requestChange(b, wanted);
    const results = await Promise.all([confirm(a, codeA), confirm(b, codeB)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.prisma.user.count({ where: { email: wanted } })).toBe(1);
  });

  it('limits code checks to 10 an hour per account (429 with Retry-After)', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) expect((await confirm(user, 111111)).statusCode).toBe(400);
    const limited = await confirm(user, 111111);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toMatch(/Слишком много запросов/);
  });

  it('caps wrong codes per target address across accounts at 10 an hour; past it every change to it is void (decision 0184)', async () => {
    const target = uniqueEmail('coveted');
    const [a, b, c, d] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t)];
    const codes = [await requestChange(a, target), await requestChange(b, target)];
    const cCode = await requestChange(c, target);
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // Nine wrong codes from two accounts (each under its own limit of ten an hour) are answered as such.
    for (let i = 0; i < 5; i++) expect((await confirm(a, wrong(codes[0] as string))).statusCode).toBe(400);
    for (let i = 0; i < 4; i++) expect((await confirm(b, wrong(codes[1] as string))).statusCode).toBe(400);
    expect(await t.prisma.emailChange.count({ where: { email: target } })).toBe(3);
    // The tenth fills the address's cap: every change pending to it is void at once.
    const tenth = await confirm(b, wrong(codes[1] as string));
    expect(tenth.statusCode).toBe(400);
    expect(await t.prisma.emailChange.count({ where: { email: target } })).toBe(0);
    // The third account's right code no longer works, and its address stays.
    const late = await confirm(c, cCode);
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect((await me(c)).email).toBe(c.email);
    // Nobody can ask for the address again within the hour.
    const again = await update(d, d.id, { email: target });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(
      /^Слишком много неверных кодов для этого адреса\. Повторите через \d+ мин$/,
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.smtp.mailsTo(target)).toHaveLength(3);
    // Another address is not held back; an hour later the address can be asked for and had again.
    await requestChange(d, uniqueEmail('elsewhere'));
    await t.prisma.loginEvent.updateMany({
      where: { email: target },
      data: { createdAt: new Date(Date.now() - 3601_000) },
    });
    await ageLastCode(d.id);
    const code = await requestChange(d, target);
    expect((await confirm(d, code)).statusCode).toBe(200);
    expect((await me(d)).email).toBe(target);
  });

  it('a change pending to a capped address is refused (429) when its code is tried, and voided', async () => {
    const target = uniqueEmail('capped');
    const user = await createUser(t);
    const code = await requestChange(user, target);
    await t.prisma.loginEvent.createMany({
      data: Array.from({ length: 10 }, () => ({ email: target, kind: 'change_wrong_code' as const })),
    });
    const res = await confirm(user, code);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Слишком много неверных кодов для этого адреса/);
    expect(await t.prisma.emailChange.count({ where: { email: target } })).toBe(0);
    expect((await me(user)).email).toBe(user.email);
  });

  it('answers 503 and keeps nothing aside when the mail cannot be sent', async () => {
    const user = await createUser(t);
    const original = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const res = await update(user, user.id, { email: uniqueEmail('unreachable') });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Не удалось отправить письмо с кодом, попробуйте позже');
    } finally {
      t.app.mailer.send = original;
    }
    expect((await me(user)).pending_email).toBeNull();
  });
});

describe('a site admin changing an e-mail', () => {
  it('changes another user’s address directly (unverified), marks the account admin-edited, mails nothing', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const newEmail = uniqueEmail('by-admin');
    // Whatever the user had asked for is superseded.
    await requestChange(user, uniqueEmail('abandoned'));
    const res = await update(admin, user.id, { email: newEmail });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Данные пользователя обновлены',
      data: { name: 'Тестовый Пользователь', email: newEmail, pending_email: null },
    });
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ email: newEmail, emailVerifiedAt: null, adminEditedAt: expect.any(Date) });
    expect(t.smtp.mailsTo(newEmail)).toHaveLength(0);
    expect(await t.prisma.emailChange.count({ where: { userId: user.id } })).toBe(0);
  });

  it('needs the code for their own address like anyone', async () => {
    const admin = await createAdmin(t);
    const newEmail = uniqueEmail('admin-self');
    const code = await requestChange(admin, newEmail);
    expect(await me(admin)).toMatchObject({ email: admin.email, pending_email: newEmail });
    expect((await confirm(admin, code)).statusCode).toBe(200);
    expect((await me(admin)).email).toBe(newEmail);
  });
});
