import { BASIC_PLAN_ID, type PaymentRefundResult } from '@cabinet/contracts';
import { newIdempotenceKey, YooKassaError, type YooKassaRefund } from '../../adapters/yookassa';
import type { Prisma } from '../../generated/prisma/client';
import { badGateway, conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { RequestContext, SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { inRecipientLocale } from '../../lib/mail';
import { isUniqueViolation } from '../../lib/prisma-errors';
import { transaction } from '../../plugins/db/database';
import { decimalKopecks, fromKopecks, toKopecks } from '../payments/money';
import { ORDER_NOT_FOUND, paymentsConfig } from '../payments/payments.config';
import { PROVIDER_UNAVAILABLE, paymentDescription, receiptOf, rubles } from '../payments/yookassa-payments';
import { refundMail } from './refunds.mail';

// Refunds through YooKassa (decision 0204): an admin returns all or part of a paid YooKassa order with a
// reason; the refund carries its own 54-FZ receipt. The money is reserved on the order first (one
// conditional UPDATE: two admins at once cannot return more than was paid), then YooKassa is asked; a
// failure there gives the reservation back. A full refund ends the plan now, a partial one leaves the term.

export const NOTHING_LEFT = trId('Сумма возврата больше, чем осталось вернуть по этому платежу');

type OrderRow = Prisma.PaymentOrderGetPayload<{ include: { plan: true; user: true } }>;

async function loadOrder(ctx: RequestContext, where: Prisma.PaymentOrderWhereUniqueInput) {
  return ctx.prisma.paymentOrder.findUnique({ where, include: { plan: true, user: true } });
}

/** POST /api/v1/rest/admin/payments/{id}/refund. */
export async function refundPayment(
  ctx: SignedInContext,
  input: { id: number; amount: string; reason: string },
): Promise<PaymentRefundResult> {
  const { yookassa } = await paymentsConfig(ctx.config);
  const order = await loadOrder(ctx, { id: input.id });
  if (!order) throw notFound(tr(ORDER_NOT_FOUND));
  if (order.provider !== 'yookassa' || !order.providerPaymentId || !yookassa) {
    throw conflict(tr('Через кабинет возвращаются только платежи ЮKassa'));
  }
  if (order.status !== 'paid') throw conflict(tr('Платёж не оплачен: возвращать нечего'));
  const kopecks = toKopecks(input.amount) ?? 0;
  const value = fromKopecks(kopecks);
  const reserved = await ctx.prisma.$executeRaw`
    UPDATE payment_orders SET refunded_amount = refunded_amount + ${value}::numeric
    WHERE id = ${order.id} AND status = 'paid' AND refunded_amount + ${value}::numeric <= amount`;
  if (reserved === 0) throw conflict(tr(NOTHING_LEFT), { amount: [tr(NOTHING_LEFT)] });
  const release = () =>
    ctx.prisma.$executeRaw`
      UPDATE payment_orders SET refunded_amount = refunded_amount - ${value}::numeric WHERE id = ${order.id}`;

  const email = order.user?.email ?? order.email ?? '';
  let refund: YooKassaRefund;
  try {
    refund = await yookassa.createRefund(
      {
        payment_id: order.providerPaymentId,
        amount: rubles(value),
        description: input.reason.slice(0, 250),
        receipt: receiptOf(ctx.config, {
          email,
          description: paymentDescription(order.plan.name, order.period),
          amount: value,
        }),
      },
      newIdempotenceKey(),
    );
  } catch (error) {
    await release();
    if (error instanceof YooKassaError && error.kind === 'refused') {
      throw conflict(
        error.code
          ? tr('ЮKassa не приняла возврат ({code})', { code: error.code })
          : tr('ЮKassa не приняла возврат'),
      );
    }
    if (error instanceof YooKassaError) throw badGateway(tr(PROVIDER_UNAVAILABLE));
    throw error;
  }
  if (refund.status === 'canceled') {
    await release();
    throw conflict(tr('ЮKassa отклонила возврат'));
  }
  const result = await recordRefund(ctx, order, refund, { reason: input.reason, reserved: true });
  return result;
}

/**
 * The refund row (shown in 'Возвраты'), the plan's end for a full refund, the audit event and the mail:
 * once per YooKassa refund id. `reserved`: the amount is already on the order (an admin's call).
 */
async function recordRefund(
  ctx: RequestContext,
  order: OrderRow,
  refund: YooKassaRefund,
  how: { reason: string; reserved: boolean },
): Promise<PaymentRefundResult> {
  const value = refund.amount.value;
  const operationId = `yookassa-refund:${refund.id}`;
  const done = await transaction(ctx.prisma, async (tx) => {
    const seen = await tx.paymentRefund.findUnique({ where: { operationId } });
    if (seen) return null;
    if (!how.reserved) {
      await tx.$executeRaw`
        UPDATE payment_orders SET refunded_amount = LEAST(amount, refunded_amount + ${value}::numeric)
        WHERE id = ${order.id}`;
    }
    const now = await tx.paymentOrder.findUniqueOrThrow({ where: { id: order.id } });
    const full = decimalKopecks(now.refundedAmount) >= decimalKopecks(now.amount);
    let planEnded = false;
    if (full && order.userId) {
      // A full refund takes the paid time back: the plan this order bought ends now (no grace period).
      const ended = await tx.user.updateMany({
        where: { id: order.userId, planId: order.planId },
        data: { planId: BASIC_PLAN_ID, planExpiresAt: null },
      });
      planEnded = ended.count > 0;
      await tx.paymentOrder.update({ where: { id: order.id }, data: { supersededAt: ctx.now } });
      await tx.savedPaymentMethod.updateMany({ where: { userId: order.userId }, data: { autoRenew: false } });
    }
    await tx.paymentRefund.create({
      data: {
        operationId,
        label: order.label,
        orderId: order.id,
        email: order.user?.email ?? order.email,
        amount: value,
        reason: 'provider_refund',
        test: order.test,
        fields: {
          refund_id: refund.id,
          payment_id: refund.payment_id,
          status: refund.status,
          reason: how.reason,
        },
        resolvedAt: refund.status === 'succeeded' ? ctx.now : null,
        resolvedBy: ctx.actor?.email ?? tr('ЮKassa'),
      },
    });
    await recordAudit(tx, ctx, {
      action: 'payment.refunded',
      targetId: order.id,
      ...(ctx.actor ? {} : { actorId: 'system' as const }),
      details: { amount: value, reason: how.reason, full, refund_id: refund.id, test: order.test },
    });
    const to = order.user?.email ?? order.email;
    if (to) {
      // In the payer's language: their account's, else the admin's who refunds (decision 0303).
      const mail = await inRecipientLocale(tx, { email: to }, () =>
        refundMail({
          to,
          refundId: refund.id,
          planName: order.plan.name,
          label: order.label,
          amount: value,
          full,
          reason: how.reason,
          test: order.test,
        }),
      );
      await ctx.outbox.queue(tx, mail, ctx.now);
    }
    return { refunded: now.refundedAmount, amount: now.amount, planEnded };
  });
  if (done) void ctx.outbox.flush();
  const current = done ?? (await ctx.prisma.paymentOrder.findUniqueOrThrow({ where: { id: order.id } }));
  const refunded = 'refunded' in current ? current.refunded : current.refundedAmount;
  return {
    order_id: order.id,
    refund_id: refund.id,
    amount: value,
    refunded_amount: refunded.toFixed(2),
    left: fromKopecks(Math.max(0, decimalKopecks(current.amount) - decimalKopecks(refunded))),
    plan_ended: done?.planEnded ?? false,
  };
}

/**
 * refund.succeeded from YooKassa: read back; a refund we recorded as pending is marked returned, one we
 * never saw (made in YooKassa's dashboard, or whose answer was lost) is recorded now.
 */
export async function applyYooKassaRefundEvent(ctx: RequestContext, refundId: string) {
  const { yookassa } = await paymentsConfig(ctx.config);
  if (!yookassa) return 'ignored' as const;
  let refund: YooKassaRefund;
  try {
    refund = await yookassa.getRefund(refundId);
  } catch (error) {
    if (error instanceof YooKassaError && error.kind === 'refused') return 'ignored' as const;
    throw error;
  }
  if (refund.status !== 'succeeded') return 'ignored' as const;
  const operationId = `yookassa-refund:${refund.id}`;
  const marked = await ctx.prisma.paymentRefund.updateMany({
    where: { operationId, resolvedAt: null },
    data: { resolvedAt: ctx.now },
  });
  if (marked.count) return 'applied' as const;
  if (await ctx.prisma.paymentRefund.findUnique({ where: { operationId }, select: { id: true } })) {
    return 'duplicate' as const;
  }
  const order = await loadOrder(ctx, { providerPaymentId: refund.payment_id });
  if (!order) return 'ignored' as const;
  try {
    await recordRefund(ctx, order, refund, {
      reason: refund.description ?? tr('Возврат в ЮKassa'),
      reserved: false,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate' as const;
    throw error;
  }
  return 'applied' as const;
}
