import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createOrganization, createUser } from '../../../test/factories';
import { checkout, deliver, signedNotification, startPaymentsApp, userRow } from '../../../test/payments';
import { SmtpPeer } from '../../../test/smtp-peer';
import { createMailer } from '../../adapters/smtp';
import { buildApp } from '../../app';
import { loadEnv } from '../../env';
import { migrate, openDatabase } from '../../plugins/db/database';
import { billingJobs } from './billing.jobs';

// Reminders, the end-of-plan mail, the grace period and receipts (issue 15; decisions 0151..0154), on real
// PostgreSQL and a real SMTP peer, with the app's clock moved instead of waiting for days.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let t: TestApp;
let secret: string;
beforeAll(async () => {
  ({ t, secret } = await startPaymentsApp());
});
afterAll(async () => {
  t?.setNow(null);
  await t?.close();
});

/** Runs a job at `now` (the app's clock moved there) and waits for the mails it queued to leave. */
async function runAt(name: string, now: Date) {
  t.setNow(now);
  const processed = await t.app.jobs.run(name);
  await t.app.outbox.idle();
  return processed;
}

const subjectsTo = (email: string) => t.smtp.mailsTo(email).map((m) => m.subject);
const me = async (user: { headers: Record<string, string> }) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/rest/profile/me', headers: user.headers })).json().data;

describe('reminders before the end', () => {
  it('mails 7 days and 1 day before the end, each once, with a one-click link to the same plan', async () => {
    const base = new Date(Date.now() + 30 * DAY);
    const end = new Date(base.getTime() + 10 * DAY);
    const user = await createUser(t, { planId: 2, planExpiresAt: end });

    expect(await runAt('plan-reminders', base)).toBe(0);
    const at7 = new Date(end.getTime() - 7 * DAY + HOUR);
    expect(await runAt('plan-reminders', at7)).toBeGreaterThanOrEqual(1);
    const first = await t.smtp.nextMail(user.email, 0);
    const day = new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Moscow',
    }).format(end);
    expect(first.subject).toBe(`Подписка «Про» заканчивается ${day}`);
    expect(first.text).toContain('http://cabinet.test/app/subscription/update?subscribeId=2&type=month');
    // Running again, even later in the same window, sends nothing twice.
    await runAt('plan-reminders', at7);
    await runAt('plan-reminders', new Date(at7.getTime() + 3 * DAY));
    expect(subjectsTo(user.email)).toHaveLength(1);

    await runAt('plan-reminders', new Date(end.getTime() - 12 * HOUR));
    const second = await t.smtp.nextMail(user.email, 1);
    expect(second.subject).toBe(`Подписка «Про» заканчивается ${day}`);
    expect(second.text).toContain('завтра');
    await runAt('plan-reminders', new Date(end.getTime() - HOUR));
    expect(subjectsTo(user.email)).toHaveLength(2);
  });

  it('a plan found already inside the 1-day window gets only the 1-day reminder', async () => {
    const base = new Date(Date.now() + 60 * DAY);
    const user = await createUser(t, { planId: 3, planExpiresAt: new Date(base.getTime() + 20 * HOUR) });
    await runAt('plan-reminders', base);
    await t.smtp.nextMail(user.email, 0);
    await runAt('plan-reminders', new Date(base.getTime() + 10 * HOUR));
    expect(subjectsTo(user.email)).toHaveLength(1);
    const notices = await t.prisma.planNotice.findMany({ where: { userId: user.id } });
    expect(notices.map((n) => n.kind)).toEqual(['reminder-1']);
  });

  it('two API processes on one database send each reminder exactly once', async () => {
    const base = new Date(Date.now() + 90 * DAY);
    const users = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createUser(t, { planId: 2, planExpiresAt: new Date(base.getTime() + 5 * DAY + i * HOUR) }),
      ),
    );
    const database = await openDatabase({
      databaseUrl: t.databaseUrl,
      dataDir: t.env.DATA_DIR,
      log: { info() {} },
    });
    await migrate(database);
    const mailer = createMailer({ smtpUrl: t.env.SMTP_URL, from: t.env.MAIL_FROM, log: { info() {} } });
    const other = await buildApp({
      env: t.env,
      database,
      mailer,
      webDist: null,
      logger: false,
      startJobs: false,
      now: () => base,
    });
    try {
      await other.ready();
      t.setNow(base);
      const runs = await Promise.all([
        t.app.jobs.run('plan-reminders'),
        other.jobs.run('plan-reminders'),
        t.app.jobs.run('plan-reminders'),
        other.jobs.run('plan-reminders'),
      ]);
      await Promise.all([t.app.outbox.idle(), other.outbox.idle()]);
      // Both processes also try to send the queue at once: SKIP LOCKED shares it out.
      await Promise.all([t.app.jobs.run('mail-outbox'), other.jobs.run('mail-outbox')]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(users.length);
      for (const user of users) {
        await t.smtp.nextMail(user.email, 0);
        expect(subjectsTo(user.email)).toHaveLength(1);
      }
    } finally {
      await other.close();
      mailer.close();
      await database.close();
    }
  });

  it('REMINDER_MAILS=off sends no reminder (the setting is read and checked at start)', async () => {
    const raw = { DATABASE_URL: t.databaseUrl, PUBLIC_URL: 'http://cabinet.test' };
    expect(loadEnv({ ...raw, REMINDER_MAILS: 'off' }).REMINDER_MAILS).toBe('off');
    expect(loadEnv(raw)).toMatchObject({ REMINDER_MAILS: 'on', REMINDER_DAYS: [7, 1], PLAN_GRACE_DAYS: 3 });
    expect(loadEnv({ ...raw, REMINDER_DAYS: '1, 7,14' }).REMINDER_DAYS).toEqual([14, 7, 1]);
    expect(() => loadEnv({ ...raw, REMINDER_DAYS: '7,x' })).toThrow(/REMINDER_DAYS/);
    expect(() => loadEnv({ ...raw, PLAN_GRACE_DAYS: '-1' })).toThrow(/PLAN_GRACE_DAYS/);

    const base = new Date(Date.now() + 150 * DAY);
    const user = await createUser(t, { planId: 2, planExpiresAt: new Date(base.getTime() + 2 * DAY) });
    const reminders = billingJobs(() => t.app.mailer).find((job) => job.name === 'plan-reminders');
    const config = { ...t.app.config, REMINDER_MAILS: 'off' as const };
    const context = { prisma: t.prisma, now: base, log: t.app.log, config, outbox: t.app.outbox };
    expect(await reminders?.run(context)).toBe(0);
    expect(await t.prisma.planNotice.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('the end of a plan and the grace period', () => {
  it('keeps the paid limits for PLAN_GRACE_DAYS, mails the end once, then moves the user to Базовый', async () => {
    const end = new Date(Date.now() + 120 * DAY);
    const user = await createUser(t, { planId: 2, planExpiresAt: end });
    // Two organizations: 'Базовый' allows one.
    await createOrganization(t, user);

    t.setNow(new Date(end.getTime() + 2 * DAY));
    const inGrace = await me(user);
    expect(inGrace.subscribe_id).toBe(2);
    expect(inGrace.subscribe.name).toBe('Про');
    expect(inGrace.subscribe_grace_until).toBe(new Date(end.getTime() + 3 * DAY).toISOString());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/organizations',
      headers: user.headers,
      payload: { name: 'Вторая', type: 1 },
    });
    expect(created.statusCode, created.body).toBe(200);

    expect(await runAt('plan-reminders', new Date(end.getTime() + 2 * DAY))).toBeGreaterThanOrEqual(1);
    const ended = await t.smtp.nextMail(user.email, 0);
    expect(ended.subject).toBe('Подписка «Про» закончилась');
    expect(ended.text).toContain('Базовый');
    // plan-expiry sends the same mail only if it has not gone: nothing twice, and nobody moved yet.
    await runAt('plan-expiry', new Date(end.getTime() + 2 * DAY + HOUR));
    expect(subjectsTo(user.email)).toHaveLength(1);
    expect((await userRow(t, user.id)).planId).toBe(2);

    const after = new Date(end.getTime() + 3 * DAY + 60_000);
    t.setNow(after);
    const back = await me(user);
    expect(back.subscribe_id).toBe(1);
    expect(back.subscribe_grace_until).toBeNull();
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/organizations',
      headers: user.headers,
      payload: { name: 'Третья', type: 1 },
    });
    expect(third.statusCode).toBe(409);

    expect(await runAt('plan-expiry', after)).toBeGreaterThanOrEqual(1);
    expect(await userRow(t, user.id)).toMatchObject({ planId: 1, planExpiresAt: null });
    const events = await t.prisma.auditEvent.findMany({
      where: { action: 'plan.expired', targetId: user.id },
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toMatchObject({ plan_id: 2, expired_at: end.toISOString() });
    await runAt('plan-expiry', after);
    expect(await t.prisma.auditEvent.count({ where: { action: 'plan.expired', targetId: user.id } })).toBe(1);
    // Nothing was deleted: both organizations stay.
    expect(await t.prisma.organization.count({ where: { ownerId: user.id } })).toBe(2);
  });

  it('a payment in the grace period extends from the old end date and mails a receipt; no end mail', async () => {
    t.setNow(null);
    const end = new Date(Date.now() - DAY);
    const user = await createUser(t, { planId: 2, planExpiresAt: end });
    const form = await checkout(t, user, { subscribe_id: 2, type: 'month' });
    const res = await deliver(t, signedNotification(secret, form.label, form.sum));
    expect(res.statusCode, res.body).toBe(200);
    const row = await userRow(t, user.id);
    const expected = new Date(end);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(row.planExpiresAt?.toISOString()).toBe(expected.toISOString());

    const receipt = await t.smtp.nextMail(user.email, 0);
    expect(receipt.subject).toBe('Оплата получена: тариф «Про»');
    expect(receipt.text).toContain(form.label);
    expect(receipt.text).toContain('990,00 ₽');
    expect(receipt.text).toContain('Период: месяц');

    await runAt('plan-reminders', new Date());
    await runAt('plan-expiry', new Date());
    expect(subjectsTo(user.email)).toEqual(['Оплата получена: тариф «Про»']);
  });

  it('a payment that commits while the job waits for the user means no end mail for a paid user', async () => {
    t.setNow(null);
    const end = new Date(Date.now() - HOUR);
    const user = await createUser(t, { planId: 2, planExpiresAt: end });
    let job: Promise<number> | undefined;
    await t.prisma.$transaction(async (tx) => {
      // The payment holds the user's row (as grantPaidOrder does) while the job starts.
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`;
      job = t.app.jobs.run('plan-reminders');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.user.update({
        where: { id: user.id },
        data: { planExpiresAt: new Date(end.getTime() + 30 * DAY) },
      });
    });
    await job;
    await t.app.outbox.idle();
    expect(subjectsTo(user.email)).toEqual([]);
    expect(await t.prisma.planNotice.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('the end-of-plan mail after downtime (decision 0187)', () => {
  it('plan-expiry mails the end once when the server was down through the grace period', async () => {
    const end = new Date(Date.now() + 200 * DAY);
    const user = await createUser(t, { planId: 3, planExpiresAt: end });
    // Neither job ran from before the end until well after the grace period (3 days).
    const back = new Date(end.getTime() + 10 * DAY);
    expect(await runAt('plan-expiry', back)).toBeGreaterThanOrEqual(1);
    expect(await userRow(t, user.id)).toMatchObject({ planId: 1, planExpiresAt: null });
    const ended = await t.smtp.nextMail(user.email, 0);
    expect(ended.subject).toBe('Подписка «Корп» закончилась');
    expect(ended.text).toContain('Теперь действует тариф «Базовый».');
    const notices = await t.prisma.planNotice.findMany({ where: { userId: user.id } });
    expect(notices.map((n) => [n.kind, n.planEnd.toISOString()])).toEqual([['ended', end.toISOString()]]);
    // Once: later runs of both jobs send nothing more.
    await runAt('plan-expiry', new Date(back.getTime() + HOUR));
    await runAt('plan-reminders', new Date(back.getTime() + 2 * HOUR));
    expect(subjectsTo(user.email)).toHaveLength(1);
  });

  it('sends no second end mail when the end mail went in the grace period', async () => {
    const end = new Date(Date.now() + 220 * DAY);
    const user = await createUser(t, { planId: 2, planExpiresAt: end });
    await runAt('plan-reminders', new Date(end.getTime() + DAY));
    await t.smtp.nextMail(user.email, 0);
    expect(await runAt('plan-expiry', new Date(end.getTime() + 5 * DAY))).toBeGreaterThanOrEqual(1);
    expect((await userRow(t, user.id)).planId).toBe(1);
    expect(subjectsTo(user.email)).toEqual(['Подписка «Про» закончилась']);
  });

  it('REMINDER_MAILS=off: plan-expiry moves the user and mails nothing', async () => {
    const end = new Date(Date.now() + 240 * DAY);
    const user = await createUser(t, { planId: 2, planExpiresAt: end });
    const expiry = billingJobs(() => t.app.mailer).find((job) => job.name === 'plan-expiry');
    const config = { ...t.app.config, REMINDER_MAILS: 'off' as const };
    const now = new Date(end.getTime() + 10 * DAY);
    const context = { prisma: t.prisma, now, log: t.app.log, config, outbox: t.app.outbox };
    expect(await expiry?.run(context)).toBeGreaterThanOrEqual(1);
    await t.app.outbox.idle();
    expect((await userRow(t, user.id)).planId).toBe(1);
    expect(subjectsTo(user.email)).toEqual([]);
  });
});

describe('the mail outbox', () => {
  it('an SMTP outage delays a receipt and loses none: it arrives once when SMTP is back', async () => {
    t.setNow(null);
    const user = await createUser(t);
    const port = t.smtp.port;
    await t.smtp.stop();
    let peer = t.smtp;
    try {
      const form = await checkout(t, user, { subscribe_id: 3, type: 'month' });
      expect((await deliver(t, signedNotification(secret, form.label, form.sum))).statusCode).toBe(200);
      await t.app.outbox.idle();
      const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label: form.label } });
      const queued = await t.prisma.mailOutbox.findUniqueOrThrow({ where: { key: `receipt:${order.id}` } });
      expect(queued.sentAt).toBeNull();
      expect(queued.attempts).toBe(1);
      expect(queued.lastError).toBeTruthy();

      peer = new SmtpPeer();
      await peer.start(port);
      // Within two minutes of SMTP being back: the backoff is at most a minute, the job runs every minute.
      const later = new Date(Date.now() + 61_000);
      expect(await runAt('mail-outbox', later)).toBeGreaterThanOrEqual(1);
      const mail = await peer.nextMail(user.email, 0);
      expect(mail.subject).toBe('Оплата получена: тариф «Корп»');
      await runAt('mail-outbox', new Date(later.getTime() + 5 * 60_000));
      expect(peer.mailsTo(user.email)).toHaveLength(1);
    } finally {
      t.setNow(null);
      // The last test of the file: the app's own peer stays stopped (close() stopping it again is harmless).
      if (peer !== t.smtp) await peer.stop();
    }
  });
});
