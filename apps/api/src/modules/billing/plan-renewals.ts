import { BASIC_PLAN_ID } from '@cabinet/contracts';
import { newIdempotenceKey, YooKassaError, type YooKassaPayment } from '../../adapters/yookassa';
import { newOrderLabel } from '../../adapters/yoomoney';
import type { RequestContext } from '../../lib/context';
import type { JobContext } from '../../lib/jobs';
import { inRecipientLocale } from '../../lib/mail';
import { applyYooKassaPayment, readPayment } from '../payment-notifications/yookassa.service';
import { paymentsConfig } from '../payments/payments.config';
import { paymentRequest } from '../payments/yookassa-payments';
import { renewalRefusedMail } from './renewal.mails';

// The 'plan-renewals' job (docs/decisions/0206-plan-renewals.md): charges a saved method
// AUTO_RENEW_DAYS_BEFORE days before the plan ends, the same plan, period and price as the last payment.
//  - One renewal order per plan end (payment_orders.renewal_of): while it is pending nothing new is charged.
//  - No answer to the charge: the same POST with the same Idempotence-Key at the next runs, within 24 h
//    (YooKassa keeps keys that long); after that never again: the order 'Требует проверки' (needs_review)
//    and only YooKassa's notification settles it. A known payment is read back, never charged again.
//  - A refusal is mailed and retried 1 day later, then 2 days after that, each time a new payment with a
//    new key; the third refusal turns auto-renewal off and the plan ends as any other.
//  - Each user is leased (next_attempt_at moved 10 minutes on) before anything is charged, so two runs,
//    on any process, never charge one user twice.

const DAY_MS = 24 * 60 * 60 * 1000;
const LEASE_MS = 10 * 60 * 1000;
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_REFUSALS = 3;

interface Candidate {
  user_id: number;
  email: string;
  plan_id: number;
  plan_name: string;
  plan_expires_at: Date;
  method_id: string;
  title: string;
  failures: number;
  failed_for: Date | null;
}

/** What grant and audit need of a request, for a job (the system acts; no client address). */
const systemContext = (ctx: JobContext) =>
  ({ ...ctx, actor: null, ip: '', userAgent: '' }) as unknown as RequestContext;

export async function renewPlans(ctx: JobContext): Promise<number> {
  const { yookassa } = await paymentsConfig(ctx.config);
  if (!yookassa) return 0;
  const { now } = ctx;
  const horizon = new Date(now.getTime() + ctx.config.AUTO_RENEW_DAYS_BEFORE * DAY_MS);
  const graceFloor = new Date(now.getTime() - ctx.config.PLAN_GRACE_DAYS * DAY_MS);
  const candidates = await ctx.prisma.$queryRaw<Candidate[]>`
    SELECT u.id AS user_id, u.email, u.plan_id, p.name AS plan_name, u.plan_expires_at,
           s.provider_method_id AS method_id, s.title, s.failures, s.failed_for
    FROM saved_payment_methods s JOIN users u ON u.id = s.user_id JOIN plans p ON p.id = u.plan_id
    WHERE s.auto_renew AND u.plan_id <> ${BASIC_PLAN_ID} AND u.plan_expires_at IS NOT NULL
      AND u.plan_expires_at <= ${horizon} AND u.plan_expires_at > ${graceFloor}
      AND (s.next_attempt_at IS NULL OR s.next_attempt_at <= ${now})
    ORDER BY u.plan_expires_at LIMIT 500`;
  let handled = 0;
  for (const c of candidates) {
    // The lease: only the run that moves next_attempt_at handles this user now.
    const leased = await ctx.prisma.savedPaymentMethod.updateMany({
      where: {
        userId: c.user_id,
        autoRenew: true,
        OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }],
      },
      data: { nextAttemptAt: new Date(now.getTime() + LEASE_MS) },
    });
    if (!leased.count) continue;
    try {
      handled += await renewOne(ctx, c);
    } catch (err) {
      ctx.log.error({ err, user: c.user_id }, 'plan renewal failed; tried again at the next run');
    }
  }
  return handled;
}

async function renewOne(ctx: JobContext, c: Candidate): Promise<number> {
  const { yookassa } = await paymentsConfig(ctx.config);
  if (!yookassa) return 0;
  const release = (nextAttemptAt: Date | null) =>
    ctx.prisma.savedPaymentMethod.updateMany({ where: { userId: c.user_id }, data: { nextAttemptAt } });
  const open = await ctx.prisma.paymentOrder.findFirst({
    where: { userId: c.user_id, renewalOf: c.plan_expires_at, status: { in: ['pending', 'paid'] } },
    include: { plan: true },
    orderBy: { id: 'desc' },
  });
  if (open?.status === 'paid') return release(null).then(() => 0);
  if (open) {
    // A known payment is read back before anything else is charged for this period.
    if (open.providerPaymentId) {
      const payment = await readPayment(yookassa, open.providerPaymentId);
      if (payment) return settle(ctx, c, open.id, payment);
      await release(null);
      return 0;
    }
    // No answer so far: the same request with the same key, within YooKassa's 24 h; never blindly after.
    if (ctx.now.getTime() - open.createdAt.getTime() >= KEY_LIFETIME_MS || !open.idempotenceKey) {
      await ctx.prisma.paymentOrder.update({ where: { id: open.id }, data: { needsReview: true } });
      await release(null);
      return 0;
    }
    return charge(ctx, c, {
      id: open.id,
      label: open.label,
      key: open.idempotenceKey,
      amount: open.amount.toFixed(2),
      period: open.period,
    });
  }
  const last = await ctx.prisma.paymentOrder.findFirst({
    where: { userId: c.user_id, planId: c.plan_id, status: 'paid' },
    orderBy: [{ paidAt: 'desc' }, { id: 'desc' }],
  });
  if (!last) return release(null).then(() => 0);
  const key = newIdempotenceKey();
  const order = await ctx.prisma.paymentOrder.create({
    data: {
      label: newOrderLabel(),
      userId: c.user_id,
      email: c.email,
      planId: c.plan_id,
      period: last.period,
      method: last.method,
      amount: last.amount,
      test: ctx.config.PAYMENTS_MODE === 'test',
      provider: 'yookassa',
      idempotenceKey: key,
      renewalOf: c.plan_expires_at,
      // The job's clock: the 24 h of the Idempotence-Key count from here.
      createdAt: ctx.now,
    },
  });
  return charge(ctx, c, {
    id: order.id,
    label: order.label,
    key,
    amount: last.amount.toFixed(2),
    period: last.period,
  });
}

async function charge(
  ctx: JobContext,
  c: Candidate,
  order: { id: number; label: string; key: string; amount: string; period: 'month' | 'year' },
): Promise<number> {
  const { yookassa } = await paymentsConfig(ctx.config);
  if (!yookassa) return 0;
  const body = paymentRequest(
    ctx.config,
    {
      id: order.id,
      label: order.label,
      email: c.email,
      planName: c.plan_name,
      period: order.period,
      amount: order.amount,
    },
    { paymentMethodId: c.method_id },
  );
  let payment: YooKassaPayment;
  try {
    payment = await yookassa.createPayment(body, order.key);
  } catch (error) {
    if (error instanceof YooKassaError && error.kind === 'refused') {
      // YooKassa would not even try (the method is no longer valid): a refusal like the bank's.
      await ctx.prisma.paymentOrder.updateMany({
        where: { id: order.id, status: 'pending' },
        data: { status: 'canceled', cancelReason: (error.code ?? 'refused').slice(0, 64) },
      });
      return refused(ctx, c, order);
    }
    // Unknown outcome: the next run repeats this request with this key (the lease ends then).
    await ctx.prisma.savedPaymentMethod.updateMany({
      where: { userId: c.user_id },
      data: { nextAttemptAt: null },
    });
    return 0;
  }
  await ctx.prisma.paymentOrder.updateMany({
    where: { id: order.id, providerPaymentId: null },
    data: { providerPaymentId: payment.id },
  });
  return settle(ctx, c, order.id, payment);
}

/** What YooKassa answered about a renewal's payment: granted, refused, or still waiting. */
async function settle(
  ctx: JobContext,
  c: Candidate,
  orderId: number,
  payment: YooKassaPayment,
): Promise<number> {
  const outcome = await applyYooKassaPayment(systemContext(ctx), payment);
  if (payment.status === 'succeeded') {
    await ctx.prisma.savedPaymentMethod.updateMany({
      where: { userId: c.user_id },
      data: { nextAttemptAt: null, failures: 0, failedFor: null },
    });
    return outcome === 'applied' ? 1 : 0;
  }
  if (payment.status === 'canceled') {
    const order = await ctx.prisma.paymentOrder.findUniqueOrThrow({ where: { id: orderId } });
    return refused(ctx, c, { id: order.id, amount: order.amount.toFixed(2) });
  }
  // Pending at the bank: read back at the next run.
  await ctx.prisma.savedPaymentMethod.updateMany({
    where: { userId: c.user_id },
    data: { nextAttemptAt: null },
  });
  return 0;
}

/** A refused charge: counted for this plan end, mailed, retried after 1 then 2 days; the third turns it off. */
async function refused(
  ctx: JobContext,
  c: Candidate,
  order: { id: number; amount: string },
): Promise<number> {
  const samePeriod = c.failed_for?.getTime() === c.plan_expires_at.getTime();
  const failures = (samePeriod ? c.failures : 0) + 1;
  const off = failures >= MAX_REFUSALS;
  const nextTry = off ? null : new Date(ctx.now.getTime() + failures * DAY_MS);
  await ctx.prisma.$transaction(async (tx) => {
    await tx.savedPaymentMethod.updateMany({
      where: { userId: c.user_id },
      data: {
        failures,
        failedFor: c.plan_expires_at,
        nextAttemptAt: nextTry,
        ...(off ? { autoRenew: false } : {}),
      },
    });
    const mail = await inRecipientLocale(tx, { id: c.user_id }, () =>
      renewalRefusedMail({
        to: c.email,
        orderId: order.id,
        planName: c.plan_name,
        amount: order.amount,
        title: c.title,
        planEnd: c.plan_expires_at,
        nextTry,
        publicUrl: ctx.config.PUBLIC_URL,
      }),
    );
    await ctx.outbox.queue(tx, mail, ctx.now);
  });
  void ctx.outbox.flush();
  return 1;
}
