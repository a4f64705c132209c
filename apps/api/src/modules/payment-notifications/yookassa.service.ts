import type { YooKassaNotificationSchema } from '@cabinet/contracts';
import type { z } from 'zod';
import { type YooKassaClient, YooKassaError, type YooKassaPayment } from '../../adapters/yookassa';
import type { ApiText } from '../../i18n/catalogue';
import { forbidden, notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { countPayment } from '../../lib/metrics';
import { isUniqueViolation } from '../../lib/prisma-errors';
import { decimalKopecks, toKopecks } from '../payments/money';
import { paymentsConfig } from '../payments/payments.config';
import { savedMethodOf } from '../payments/yookassa-payments';
import { AccountGoneError, grantPaidOrder } from './grant.service';
import { fromYooKassa } from './yookassa-notify-ips';

// YooKassa's notifications (decision 0203): from its addresses only, and never trusted: the payment (or
// refund) is read back from YooKassa and only that answer is acted on. Each event is applied once:
// a payment is granted through the same transaction as a YooMoney payment (its id recorded as the
// operation, unique), a cancel flips only a pending order, a refund is recorded once per refund id.

type Notification = z.output<typeof YooKassaNotificationSchema>;

export type YooKassaOutcome = 'applied' | 'duplicate' | 'ignored';

export const YOOKASSA_OUTCOME_MESSAGES: Record<YooKassaOutcome, ApiText> = {
  applied: trId('Уведомление применено'),
  duplicate: trId('Уведомление уже обработано'),
  ignored: trId('Уведомление получено'),
};

/** Refund events are applied by the refunds module (injected, so that modules do not import in circles). */
export type RefundEventHandler = (ctx: RequestContext, refundId: string) => Promise<YooKassaOutcome>;

export async function handleYooKassaNotification(
  ctx: RequestContext,
  body: Notification,
  onRefund: RefundEventHandler,
): Promise<YooKassaOutcome> {
  if (!fromYooKassa(ctx.config.YOOKASSA_NOTIFY_IPS, ctx.ip)) {
    throw forbidden(tr('Уведомление принимается только с адресов ЮKassa'));
  }
  const { yookassa } = await paymentsConfig(ctx.config);
  if (!yookassa) throw notFound(tr('ЮKassa не подключена'));
  if (body.event.startsWith('refund.')) return onRefund(ctx, body.object.id);
  if (!body.event.startsWith('payment.')) return 'ignored';
  const payment = await readPayment(yookassa, body.object.id);
  return payment ? applyYooKassaPayment(ctx, payment) : 'ignored';
}

/** YooKassa's own answer about a payment; null when it does not know it (a forged or foreign id). */
export async function readPayment(client: YooKassaClient, id: string): Promise<YooKassaPayment | null> {
  try {
    return await client.getPayment(id);
  } catch (error) {
    if (error instanceof YooKassaError && error.kind === 'refused' && error.status === 404) return null;
    if (error instanceof YooKassaError && error.kind === 'refused' && error.code === 'invalid_request')
      return null;
    // Unavailable: our failure to check, so 500 and YooKassa retries.
    throw error;
  }
}

/** The order a YooKassa payment pays: by its id, or (a renewal whose answer was lost) by metadata.order_id. */
async function findOrder(ctx: RequestContext, payment: YooKassaPayment) {
  const byId = await ctx.prisma.paymentOrder.findUnique({ where: { providerPaymentId: payment.id } });
  if (byId) return byId;
  const orderId = Number(payment.metadata?.order_id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  const order = await ctx.prisma.paymentOrder.findUnique({ where: { id: orderId } });
  if (order?.provider !== 'yookassa' || order.providerPaymentId !== null) return null;
  await ctx.prisma.paymentOrder.updateMany({
    where: { id: order.id, providerPaymentId: null },
    data: { providerPaymentId: payment.id },
  });
  return { ...order, providerPaymentId: payment.id };
}

/**
 * Applies what YooKassa says about a payment (read back, never a notification's body): succeeded grants the
 * plan once, canceled marks a pending order canceled with its reason; anything else waits.
 */
export async function applyYooKassaPayment(
  ctx: RequestContext,
  payment: YooKassaPayment,
): Promise<YooKassaOutcome> {
  const order = await findOrder(ctx, payment);
  if (!order || order.userId === null) return 'ignored';
  if (payment.status === 'canceled') {
    const flipped = await ctx.prisma.paymentOrder.updateMany({
      where: { id: order.id, status: 'pending' },
      data: { status: 'canceled', cancelReason: payment.cancellation_details?.reason?.slice(0, 64) ?? null },
    });
    if (flipped.count) countPayment('yookassa', 'refused');
    return flipped.count ? 'applied' : 'duplicate';
  }
  if (payment.status !== 'succeeded' || !payment.paid) return 'ignored';
  if (order.status === 'paid') return 'duplicate';
  const priceKopecks = decimalKopecks(order.amount);
  const amount = toKopecks(payment.amount.value);
  // The amount is YooKassa's own; one that does not pay the order grants nothing (an admin refunds it).
  if (payment.amount.currency !== 'RUB' || amount === null || amount < priceKopecks) {
    ctx.log.warn({ order: order.id, payment: payment.id }, 'yookassa payment does not pay its order');
    return 'ignored';
  }
  let granted: Awaited<ReturnType<typeof grantPaidOrder>>;
  try {
    granted = await grantPaidOrder(ctx, {
      order: { id: order.id, userId: order.userId, planId: order.planId, period: order.period, priceKopecks },
      notification: {
        operationId: `yookassa:${payment.id}`,
        notificationType: 'payment.succeeded',
        amountKopecks: amount,
        withdrawAmount: undefined,
        currency: 'RUB',
        sender: '',
        datetime: payment.created_at,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    if (error instanceof AccountGoneError) return 'ignored';
    throw error;
  }
  if (!granted) return 'duplicate';
  countPayment('yookassa', 'succeeded');
  await keepSavedMethod(ctx, order, payment);
  return 'applied';
}

/** The method YooKassa saved at a checkout with 'Продлевать автоматически' (decision 0205). */
async function keepSavedMethod(
  ctx: RequestContext,
  order: { userId: number | null; autoRenew: boolean; renewalOf: Date | null },
  payment: YooKassaPayment,
) {
  const method = savedMethodOf(payment);
  if (!order.userId) return;
  if (order.renewalOf) {
    await ctx.prisma.savedPaymentMethod.updateMany({
      where: { userId: order.userId },
      data: { failures: 0, failedFor: null, nextAttemptAt: null },
    });
    return;
  }
  if (!order.autoRenew || !method) return;
  const data = {
    providerMethodId: method.id,
    type: method.type,
    title: method.title,
    autoRenew: true,
    failures: 0,
    failedFor: null,
    nextAttemptAt: null,
  };
  await ctx.prisma.savedPaymentMethod.upsert({
    where: { userId: order.userId },
    create: { userId: order.userId, ...data },
    update: data,
  });
}
