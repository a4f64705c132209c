import { BASIC_PLAN_ID } from '@cabinet/contracts';
import { asLocale, withLocale } from '../../lib/i18n';
import type { JobContext } from '../../lib/jobs';
import { type Tx, transaction } from '../../plugins/db/database';
import { graceEnd } from '../plans/plans.mapper';
import { endedMail, type PlanMailData, reminderMail } from './billing.mails';

// The reminders and the end-of-plan mail (docs/decisions/0152-plan-notices.md). Each is sent once per user,
// plan end and kind: a row of plan_notices (unique on user, plan end, kind) is inserted in the transaction
// that queues the mail, under the user's row lock, so a second run, a second process or a retried job
// finds the row and sends nothing. The user's plan is read again under that lock: a payment that commits
// first (it locks the same row) has moved the end date, and the notice no longer applies.

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

interface Candidate {
  id: number;
  plan_expires_at: Date;
}

interface Locked {
  email: string;
  /** The account's language: its mails are in it (decision 0303). */
  locale: string;
  plan_id: number;
  plan_expires_at: Date | null;
  plan_name: string;
  period: 'month' | 'year' | null;
  /** The saved method's title when auto-renewal is on (decision 0205), and the amount it will be charged. */
  renew_title: string | null;
  renew_amount: string | null;
}

/** Locks the user and reads what the mail needs: the plan, its end and the period last paid for it. */
async function lockUser(tx: Tx, userId: number): Promise<Locked | null> {
  const [row] = await tx.$queryRaw<Locked[]>`
    SELECT u.email, u.locale, u.plan_id, u.plan_expires_at, p.name AS plan_name,
           (SELECT o.period::text FROM payment_orders o
             WHERE o.user_id = u.id AND o.plan_id = u.plan_id AND o.status = 'paid'
             ORDER BY o.paid_at DESC NULLS LAST, o.id DESC LIMIT 1) AS period,
           s.title AS renew_title,
           (SELECT o.amount::text FROM payment_orders o
             WHERE o.user_id = u.id AND o.plan_id = u.plan_id AND o.status = 'paid'
             ORDER BY o.paid_at DESC NULLS LAST, o.id DESC LIMIT 1) AS renew_amount
    FROM users u JOIN plans p ON p.id = u.plan_id
    LEFT JOIN saved_payment_methods s ON s.user_id = u.id AND s.auto_renew
    WHERE u.id = ${userId} FOR UPDATE OF u`;
  return row ?? null;
}

/**
 * The candidate's user, locked, while its paid plan still ends when the candidate was read. Null when it was
 * paid or changed meanwhile (a payment that committed first moved the end date): the notice is about an end
 * date that is no more, and a paid user gets no 'Базовый' mail.
 */
async function lockStillEnding(tx: Tx, candidate: Candidate): Promise<Locked | null> {
  const user = await lockUser(tx, candidate.id);
  if (!user || user.plan_id === BASIC_PLAN_ID) return null;
  if (user.plan_expires_at?.getTime() !== candidate.plan_expires_at.getTime()) return null;
  return user;
}

/** Inserts the notice; false when it was sent before (the unique row exists). */
async function claimNotice(tx: Tx, userId: number, planId: number, planEnd: Date, kind: string, now: Date) {
  const inserted = await tx.$executeRaw`
    INSERT INTO plan_notices (user_id, plan_id, plan_end, kind, created_at)
    VALUES (${userId}, ${planId}, ${planEnd}, ${kind}, ${now})
    ON CONFLICT (user_id, plan_end, kind) DO NOTHING`;
  return inserted > 0;
}

const mailData = (ctx: JobContext, user: Locked, planEnd: Date): PlanMailData => ({
  to: user.email,
  planId: user.plan_id,
  planName: user.plan_name,
  planEnd,
  period: user.period ?? 'month',
  publicUrl: ctx.config.PUBLIC_URL,
  ...(user.renew_title && user.renew_amount
    ? {
        renew: {
          title: user.renew_title,
          amount: user.renew_amount,
          on: new Date(planEnd.getTime() - ctx.config.AUTO_RENEW_DAYS_BEFORE * DAY_MS),
        },
      }
    : {}),
});

/**
 * Reminders before a paid plan ends, at each of REMINDER_DAYS (7 and 1 by default). A plan is reminded of
 * the narrowest window it is in: one found already inside the 1-day window gets only the 1-day reminder.
 */
export async function sendReminders(ctx: JobContext): Promise<number> {
  const days = ctx.config.REMINDER_DAYS;
  const widest = days[0];
  if (widest === undefined) return 0;
  const { now } = ctx;
  let queued = 0;
  let after = 0;
  for (;;) {
    const candidates = await ctx.prisma.$queryRaw<Candidate[]>`
      SELECT id, plan_expires_at FROM users
      WHERE plan_id <> ${BASIC_PLAN_ID} AND plan_expires_at > ${now}
        AND plan_expires_at <= ${new Date(now.getTime() + widest * DAY_MS)} AND id > ${after}
      ORDER BY id LIMIT ${BATCH}`;
    for (const candidate of candidates) {
      const left = candidate.plan_expires_at.getTime() - now.getTime();
      const window = [...days].reverse().find((d) => left <= d * DAY_MS);
      if (window === undefined) continue;
      const sent = await transaction(ctx.prisma, async (tx) => {
        const user = await lockStillEnding(tx, candidate);
        if (!user) return false;
        const planEnd = candidate.plan_expires_at;
        if (!(await claimNotice(tx, candidate.id, user.plan_id, planEnd, `reminder-${window}`, now)))
          return false;
        const mail = withLocale(asLocale(user.locale), () =>
          reminderMail(mailData(ctx, user, planEnd), window),
        );
        const key = `plan-reminder-${window}:${candidate.id}:${planEnd.toISOString()}`;
        return ctx.outbox.queue(tx, { ...mail, key }, now);
      });
      if (sent) queued++;
    }
    const last = candidates.at(-1);
    if (candidates.length < BATCH || !last) break;
    after = last.id;
  }
  return queued;
}

/**
 * The end-of-plan mail of a user plan-expiry is moving to 'Базовый' now, inside its transaction (the user's
 * row locked), when none went for this plan end: the server was down through the grace period, so
 * sendEndNotices never saw the plan in its window (decision 0187). Once: the plan_notices row. False when
 * it went before or REMINDER_MAILS is off.
 */
export async function queueLateEndNotice(ctx: JobContext, tx: Tx, userId: number, planEnd: Date) {
  if (ctx.config.REMINDER_MAILS === 'off') return false;
  const user = await lockUser(tx, userId);
  if (!user || user.plan_id === BASIC_PLAN_ID) return false;
  if (!(await claimNotice(tx, userId, user.plan_id, planEnd, 'ended', ctx.now))) return false;
  // The grace period is over: the mail says 'Базовый' is in force now, not until when the limits stay.
  const mail = withLocale(asLocale(user.locale), () => endedMail(mailData(ctx, user, planEnd), planEnd));
  return ctx.outbox.queue(tx, { ...mail, key: `plan-ended:${userId}:${planEnd.toISOString()}` }, ctx.now);
}

/**
 * The end-of-plan mail: the plan ended, its limits stay until the grace period's end, then 'Базовый'.
 * Plans that ended within the grace period (at least the last day) are mailed, so that a first run
 * after an upgrade does not mail every plan that ever lapsed.
 */
export async function sendEndNotices(ctx: JobContext): Promise<number> {
  const { now } = ctx;
  const graceDays = ctx.config.PLAN_GRACE_DAYS;
  const since = new Date(now.getTime() - Math.max(graceDays, 1) * DAY_MS);
  let queued = 0;
  let after = 0;
  for (;;) {
    const candidates = await ctx.prisma.$queryRaw<Candidate[]>`
      SELECT id, plan_expires_at FROM users
      WHERE plan_id <> ${BASIC_PLAN_ID} AND plan_expires_at <= ${now} AND plan_expires_at > ${since}
        AND id > ${after}
      ORDER BY id LIMIT ${BATCH}`;
    for (const candidate of candidates) {
      const sent = await transaction(ctx.prisma, async (tx) => {
        const user = await lockStillEnding(tx, candidate);
        if (!user) return false;
        const planEnd = candidate.plan_expires_at;
        if (!(await claimNotice(tx, candidate.id, user.plan_id, planEnd, 'ended', now))) return false;
        const mail = withLocale(asLocale(user.locale), () =>
          endedMail(mailData(ctx, user, planEnd), graceEnd(planEnd, graceDays)),
        );
        return ctx.outbox.queue(
          tx,
          { ...mail, key: `plan-ended:${candidate.id}:${planEnd.toISOString()}` },
          now,
        );
      });
      if (sent) queued++;
    }
    const last = candidates.at(-1);
    if (candidates.length < BATCH || !last) break;
    after = last.id;
  }
  return queued;
}
