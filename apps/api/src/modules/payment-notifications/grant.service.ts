import { recordAudit } from '../../lib/audit';
import type { RequestContext } from '../../lib/context';
import { inRecipientLocale } from '../../lib/mail';
import { type Tx, transaction } from '../../plugins/db/database';
import { receiptMail } from '../billing/billing.mails';
import { fromKopecks, toKopecks } from '../payments/money';
import { paymentsConfig } from '../payments/payments.config';
import { paidTermsOf } from './paid-terms';
import { nextTerm, PERIOD_MONTHS } from './plan-term';

/** Thrown inside the grant's transaction (so that it rolls back) when the payer's account is gone. */
export class AccountGoneError extends Error {}

export interface GrantInput {
  /** The order, with the price it was checked out at (in kopecks). */
  order: { id: number; userId: number; planId: number; period: 'month' | 'year'; priceKopecks: number };
  notification: {
    operationId: string;
    notificationType: string;
    amountKopecks: number;
    withdrawAmount: string | undefined;
    currency: string;
    sender: string;
    datetime: string;
  };
}

/**
 * One transaction: flip the order from pending to paid (only one concurrent delivery can), lock the user
 * row (two orders of one user paid at once both count), compute the new term (decisions 0024 and 0091),
 * supersede the replaced plan's paid terms when this is a switch, and record the operation_id (unique:
 * a concurrent duplicate fails as a unique violation and everything rolls back). Null: another delivery
 * flipped the order first.
 */
export async function grantPaidOrder(ctx: RequestContext, input: GrantInput) {
  const { order, notification: n } = input;
  const { now } = ctx;
  const config = await paymentsConfig(ctx.config);
  const result = await transaction(ctx.prisma, async (tx) => {
    const flipped = await tx.paymentOrder.updateMany({
      where: { id: order.id, status: 'pending' },
      // Test or not is decided by the money: a notification verified in test mode moved none.
      data: { status: 'paid', paidAt: now, test: config.testMode },
    });
    if (flipped.count === 0) return null;
    const [user] = await tx.$queryRaw<{ plan_id: number; plan_expires_at: Date | null }[]>`
        SELECT plan_id, plan_expires_at FROM users WHERE id = ${order.userId} FOR UPDATE`;
    if (!user) throw new AccountGoneError();

    const switching = user.plan_id !== order.planId;
    const paidTerms = switching
      ? await paidTermsOf(tx, {
          userId: order.userId,
          planId: user.plan_id,
          testMode: config.testMode,
          exceptOrderId: order.id,
        })
      : [];
    const term = nextTerm({
      current: { planId: user.plan_id, planExpiresAt: user.plan_expires_at },
      planId: order.planId,
      months: PERIOD_MONTHS[order.period],
      priceKopecks: order.priceKopecks,
      paidTerms,
      now,
      graceDays: ctx.config.PLAN_GRACE_DAYS,
    });

    await tx.user.update({
      where: { id: order.userId },
      data: { planId: order.planId, planExpiresAt: term.grantedUntil },
    });
    await tx.paymentOrder.update({
      where: { id: order.id },
      data: {
        termStart: term.termStart,
        grantedUntil: term.grantedUntil,
        credit: fromKopecks(term.creditKopecks),
      },
    });
    if (term.switched && paidTerms.length > 0) {
      await tx.paymentOrder.updateMany({
        where: { id: { in: paidTerms.map((p) => p.orderId) } },
        data: { supersededAt: now },
      });
    }
    await tx.paymentNotification.create({
      data: {
        operationId: n.operationId,
        orderId: order.id,
        notificationType: n.notificationType,
        amount: fromKopecks(n.amountKopecks),
        withdrawAmount: n.withdrawAmount && toKopecks(n.withdrawAmount) !== null ? n.withdrawAmount : null,
        currency: n.currency,
        sender: n.sender || null,
        datetime: n.datetime,
      },
    });
    // The payer acted (through the provider, whose address is ctx.ip).
    await recordAudit(tx, ctx, {
      action: 'plan.purchased',
      actorId: order.userId,
      targetId: order.id,
      details: {
        plan_id: order.planId,
        period: order.period,
        amount: fromKopecks(n.amountKopecks),
        granted_until: term.grantedUntil?.toISOString() ?? null,
        test: config.testMode,
      },
    });
    await queueReceipt(ctx, tx, {
      orderId: order.id,
      grantedUntil: term.grantedUntil,
      test: config.testMode,
    });
    return { kind: 'applied' as const, grantedUntil: term.grantedUntil };
  });
  // Committed: the receipt leaves now (or on the outbox's next try if SMTP is down).
  if (result) void ctx.outbox.flush();
  return result;
}

/** The receipt mail (decision 0154), queued in the payment's own transaction: no payment without one. */
async function queueReceipt(
  ctx: RequestContext,
  tx: Tx,
  paid: { orderId: number; grantedUntil: Date | null; test: boolean },
) {
  const order = await tx.paymentOrder.findUniqueOrThrow({
    where: { id: paid.orderId },
    include: { plan: { select: { name: true } }, user: { select: { email: true } } },
  });
  const to = order.user?.email ?? order.email;
  if (!to) return;
  // In the payer's language (decision 0303): the provider's callback is not the payer's request.
  const mail = await inRecipientLocale(tx, { email: to }, () =>
    receiptMail({
      to,
      orderId: order.id,
      label: order.label,
      planName: order.plan.name,
      period: order.period,
      amount: order.amount.toFixed(2),
      paidAt: order.paidAt ?? ctx.now,
      grantedUntil: paid.grantedUntil,
      test: paid.test,
      publicUrl: ctx.config.PUBLIC_URL,
    }),
  );
  await ctx.outbox.queue(tx, mail, ctx.now);
}
