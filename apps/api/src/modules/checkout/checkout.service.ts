import {
  BASIC_PLAN_ID,
  DEFAULT_PAYMENT_METHOD,
  PLAN_NOT_FOUND,
  type SubscribeInfo,
  type SubscribeInfoRequestSchema,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import { newOrderLabel } from '../../adapters/yoomoney';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { decimalKopecks } from '../payments/money';
import { paymentsConfig } from '../payments/payments.config';
import { checkoutProvider } from './providers';

type SubscribeInfoRequest = z.output<typeof SubscribeInfoRequestSchema>;

/**
 * get-subscribe-info: a pending order for the plan and period, and what pays it: YooMoney's payment form
 * (product-decisions "Plans and payments"; docs/decisions/0022-checkout.md) or YooKassa's confirmation page
 * (decision 0202). The order keeps the payer's e-mail (it outlives the account, decision 0093), whether it
 * was made in test mode (decision 0090) and its provider (decision 0200). When YooKassa cannot make the
 * payment the order is deleted again and the answer is 502: no order is left half-made.
 */
export async function createCheckout(
  ctx: SignedInContext,
  body: SubscribeInfoRequest,
): Promise<SubscribeInfo> {
  const { actor, prisma } = ctx;
  if (body.user_id !== actor.userId && !actor.isAdmin) {
    throw forbidden(tr('Оформить оплату можно только для своей учётной записи'));
  }
  const config = await paymentsConfig(ctx.config);
  const [plan, user] = await Promise.all([
    prisma.plan.findUnique({ where: { id: body.subscribe_id } }),
    prisma.user.findUnique({ where: { id: body.user_id }, select: { id: true, email: true } }),
  ]);
  if (!plan) throw notFound(text(PLAN_NOT_FOUND));
  if (!user) throw notFound(text(USER_NOT_FOUND));
  const price = body.type === 'month' ? plan.priceMonth : plan.priceYear;
  if (plan.id === BASIC_PLAN_ID || decimalKopecks(price) === 0) throw badRequest(tr('Этот тариф бесплатный'));

  const provider = checkoutProvider(config);
  const method = body.options[0]?.value ?? DEFAULT_PAYMENT_METHOD;
  const label = newOrderLabel();
  const idempotenceKey = provider.newKey();
  const autoRenew = provider.name === 'yookassa' && body.auto_renew;
  const order = await mapPrismaErrors(
    () =>
      prisma.paymentOrder.create({
        data: {
          label,
          userId: user.id,
          email: user.email,
          planId: plan.id,
          period: body.type,
          method,
          amount: price,
          test: config.testMode,
          provider: provider.name,
          idempotenceKey,
          autoRenew,
        },
        select: { id: true },
      }),
    // The plan or the user was deleted a moment ago.
    { foreignKey: notFound(text(PLAN_NOT_FOUND)) },
  );
  try {
    const started = await provider.start(ctx, {
      id: order.id,
      label,
      email: user.email,
      planName: plan.name,
      period: body.type,
      method,
      amount: price.toFixed(2),
      autoRenew,
      idempotenceKey,
    });
    if (started.paymentId) {
      await prisma.paymentOrder.update({
        where: { id: order.id },
        data: { providerPaymentId: started.paymentId },
      });
    }
    return started.info;
  } catch (error) {
    // Nothing was charged (the person never saw a payment page): the order goes.
    await prisma.paymentOrder.deleteMany({ where: { id: order.id, status: 'pending' } }).catch(() => {});
    throw error;
  }
}
