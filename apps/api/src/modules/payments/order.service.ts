import type { Payment } from '@cabinet/contracts';
import { notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { applyYooKassaPayment, readPayment } from '../payment-notifications/yookassa.service';
import { paymentFields } from './payment-fields';
import { ORDER_NOT_FOUND, paymentsConfig } from './payments.config';

// GET /payments/orders/{label}: the result page's poll (decision 0202). A pending YooKassa order is read
// back from YooKassa first (the same read a notification triggers), so the page learns the outcome even
// before the notification arrives, or when the notification URL is not set up yet.

const include = { plan: { select: { id: true, name: true } }, user: { select: { email: true } } } as const;

export async function getOrder(ctx: SignedInContext, { label }: { label: string }): Promise<Payment> {
  const where = { label };
  let order = await ctx.prisma.paymentOrder.findUnique({ where, include });
  if (!order || (order.userId !== ctx.actor.userId && !ctx.actor.isAdmin)) throw notFound(ORDER_NOT_FOUND);
  const { yookassa } = await paymentsConfig(ctx.config);
  if (order.status === 'pending' && order.provider === 'yookassa' && order.providerPaymentId && yookassa) {
    try {
      const payment = await readPayment(yookassa, order.providerPaymentId);
      if (payment && (await applyYooKassaPayment(ctx, payment)) === 'applied') {
        order = (await ctx.prisma.paymentOrder.findUnique({ where, include })) ?? order;
      }
    } catch (error) {
      // YooKassa unreachable: the page keeps waiting ('Ждём подтверждения банка').
      ctx.log.warn({ err: error, order: order.id }, 'yookassa read-back failed');
    }
  }
  return {
    ...paymentFields(order),
    ...(ctx.actor.isAdmin
      ? { user: { id: order.userId, email: order.user?.email ?? order.email ?? '' } }
      : {}),
  };
}
