import { recordAudit } from '../../lib/audit';
import type { RequestContext } from '../../lib/context';
import { transaction } from '../../plugins/db/database';
import { decimalKopecks, fromKopecks, toKopecks } from '../payments/money';
import { paymentsConfig } from '../payments/payments.config';
import { nextTerm, type PaidTerm, PERIOD_MONTHS, termEndOf } from './plan-term';

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
  return transaction(ctx.prisma, async (tx) => {
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
    const paid = switching
      ? await tx.paymentOrder.findMany({
          where: {
            userId: order.userId,
            planId: user.plan_id,
            status: 'paid',
            supersededAt: null,
            termStart: { not: null },
            id: { not: order.id },
            // Sandbox money counts only in test mode (decision 0091).
            ...(config.testMode ? {} : { test: false }),
          },
          select: {
            id: true,
            amount: true,
            credit: true,
            termStart: true,
            grantedUntil: true,
            period: true,
          },
        })
      : [];
    const paidTerms: PaidTerm[] = paid.map((p) => {
      const termStart = p.termStart as Date;
      return {
        valueKopecks: decimalKopecks(p.amount) + decimalKopecks(p.credit),
        termStart,
        termEnd: termEndOf({ termStart, grantedUntil: p.grantedUntil, months: PERIOD_MONTHS[p.period] }),
      };
    });
    const term = nextTerm({
      current: { planId: user.plan_id, planExpiresAt: user.plan_expires_at },
      planId: order.planId,
      months: PERIOD_MONTHS[order.period],
      priceKopecks: order.priceKopecks,
      paidTerms,
      now,
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
    if (term.switched && paid.length > 0) {
      await tx.paymentOrder.updateMany({
        where: { id: { in: paid.map((p) => p.id) } },
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
    return { kind: 'applied' as const, grantedUntil: term.grantedUntil };
  });
}
