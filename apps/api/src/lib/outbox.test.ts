import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createOrganization, createUser, uniqueEmail } from '../../test/factories';
import { invite, lastInviteToken } from '../../test/teams';

// The outbox keeps no mail's body once it is sent, and nothing older than 30 days (issue 27 item 6;
// decision 0186), on real PostgreSQL and a real SMTP peer.

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  t?.setNow(null);
  await t?.close();
});

/** Every column of the outbox rows, as text, for a search of a token in any of them. */
async function outboxText(where: { to?: string } = {}) {
  const rows = await t.prisma.mailOutbox.findMany({ where });
  return {
    rows,
    text: rows.map((row) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))),
  };
}

describe('a sent mail in the outbox', () => {
  it('keeps key, recipient, subject, sent_at and the error, and clears text and html', async () => {
    const owner = await createUser(t);
    const organization = await createOrganization(t, owner);
    const email = uniqueEmail('invited');
    const invitation = await invite(t, owner, organization.id, email);
    await t.app.outbox.idle();
    const token = lastInviteToken(t, email);

    const row = await t.prisma.mailOutbox.findFirstOrThrow({ where: { to: email } });
    expect(row.key).toMatch(new RegExp(`^invitation:${invitation.id}:`));
    expect(row.subject).toBeTruthy();
    expect(row.sentAt).not.toBeNull();
    expect(row.text).toBe('');
    expect(row.html).toBe('');
    // The invitation's token is in no column of the sent mail.
    const { text } = await outboxText({ to: email });
    expect(text.join('\n')).not.toContain(token);
  });

  it('stores no sign-in code or session token (hand-off) of a code sign-in in any outbox row', async () => {
    const email = uniqueEmail('signin');
    const secrets: string[] = [];
    // Two sign-ins from two devices: the second one is mailed 'Новый вход в аккаунт' through the outbox.
    for (const [i, agent] of ['Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0', 'curl/8.0'].entries()) {
      t.setNow(new Date(Date.now() + i * 61_000));
      const send = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email } });
      expect(send.statusCode, send.body).toBe(200);
      const code = await t.smtp.nextCode(email, i * 1);
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, code },
        headers: { 'user-agent': agent },
        remoteAddress: `203.0.113.${10 + i}`,
      });
      expect(done.statusCode, done.body).toBe(200);
      secrets.push(code, done.json().data.access_token, done.json().data.device_token);
    }
    t.setNow(null);
    await t.app.outbox.idle();
    const { rows, text } = await outboxText({ to: email });
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row) => row.sentAt !== null && row.text === '' && row.html === '')).toBe(true);
    for (const secret of secrets.filter(Boolean)) expect(text.join('\n')).not.toContain(secret);
  });

  it('keeps an unsent mail whole until it goes, then clears it, keeping its last error', async () => {
    const email = uniqueEmail('later');
    await t.prisma.mailOutbox.create({
      data: {
        key: `test:${email}`,
        to: email,
        subject: 'Проверка',
        text: 'секрет',
        html: '<p>секрет</p>',
        attempts: 1,
        lastError: 'SMTP was down',
      },
    });
    const before = await t.prisma.mailOutbox.findUniqueOrThrow({ where: { key: `test:${email}` } });
    expect(before.text).toBe('секрет');
    await t.app.jobs.run('mail-outbox');
    expect((await t.smtp.nextMail(email)).text).toContain('секрет');
    const after = await t.prisma.mailOutbox.findUniqueOrThrow({ where: { key: `test:${email}` } });
    expect(after).toMatchObject({
      to: email,
      subject: 'Проверка',
      text: '',
      html: '',
      lastError: 'SMTP was down',
    });
    expect(after.sentAt).not.toBeNull();
  });
});

describe("the 'prune-mail-outbox' job", () => {
  it('deletes rows older than 30 days, sent or not, and keeps younger ones', async () => {
    const now = new Date();
    const at = (ageDays: number) => new Date(now.getTime() - ageDays * DAY);
    const rows = [
      { key: `old-sent:${now.getTime()}`, createdAt: at(31), sentAt: at(31) },
      { key: `old-unsent:${now.getTime()}`, createdAt: at(30.5), sentAt: null },
      { key: `young:${now.getTime()}`, createdAt: at(29), sentAt: at(29) },
    ];
    await t.prisma.mailOutbox.createMany({
      data: rows.map((row) => ({ ...row, to: 'x@example.com', subject: 's', text: '', html: '' })),
    });
    expect(await t.app.jobs.run('prune-mail-outbox', { now })).toBeGreaterThanOrEqual(2);
    const left = await t.prisma.mailOutbox.findMany({ where: { key: { in: rows.map((r) => r.key) } } });
    expect(left.map((row) => row.key)).toEqual([rows[2]?.key]);
  });

  it("the minute's 'mail-outbox' run drops them as well", async () => {
    const key = `old:${Date.now()}`;
    await t.prisma.mailOutbox.create({
      data: {
        key,
        to: 'x@example.com',
        subject: 's',
        text: '',
        html: '',
        createdAt: new Date(Date.now() - 31 * DAY),
      },
    });
    await t.app.jobs.run('mail-outbox');
    expect(await t.prisma.mailOutbox.count({ where: { key } })).toBe(0);
  });
});
