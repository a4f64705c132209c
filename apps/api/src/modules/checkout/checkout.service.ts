import {
  BASIC_PLAN_ID,
  DEFAULT_PAYMENT_METHOD,
  PLAN_NOT_FOUND,
  type SubscribeInfo,
  type SubscribeInfoRequestSchema,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { decimalKopecks } from '../payments/money';
import { paymentsConfig, periodText, sandboxUrl, successUrl } from '../payments/payments.config';
import { newOrderLabel, PAYMENT_TYPES, QUICKPAY_URL } from './quickpay';

type SubscribeInfoRequest = z.output<typeof SubscribeInfoRequestSchema>;

/**
 * get-subscribe-info: a pending order for the plan and period, and the payment form that pays it
 * (product-decisions "Plans and payments"; docs/decisions/0022-checkout.md). The order keeps the payer's
 * e-mail (it outlives the account, decision 0093) and whether it was made in test mode (decision 0090).
 */
export async function createCheckout(
  ctx: SignedInContext,
  body: SubscribeInfoRequest,
): Promise<SubscribeInfo> {
  const { actor, prisma } = ctx;
  if (body.user_id !== actor.userId && !actor.isAdmin) {
    throw forbidden('Оформить оплату можно только для своей учётной записи');
  }
  const config = await paymentsConfig(ctx.config);
  const [plan, user] = await Promise.all([
    prisma.plan.findUnique({ where: { id: body.subscribe_id } }),
    prisma.user.findUnique({ where: { id: body.user_id }, select: { id: true, email: true } }),
  ]);
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  if (!user) throw notFound(USER_NOT_FOUND);
  const price = body.type === 'month' ? plan.priceMonth : plan.priceYear;
  if (plan.id === BASIC_PLAN_ID || decimalKopecks(price) === 0) throw badRequest('Этот тариф бесплатный');

  const method = body.options[0]?.value ?? DEFAULT_PAYMENT_METHOD;
  const label = newOrderLabel();
  await mapPrismaErrors(
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
        },
      }),
    // The plan or the user was deleted a moment ago.
    { foreignKey: notFound(PLAN_NOT_FOUND) },
  );
  return {
    action: config.testMode ? sandboxUrl(config) : QUICKPAY_URL,
    receiver: config.testMode ? 'test' : config.receiver,
    'quickpay-form': 'button',
    sum: price.toFixed(2),
    label,
    paymentType: PAYMENT_TYPES[method],
    targets: `Тариф «${plan.name}» на ${periodText(body.type)}`,
    successURL: successUrl(config),
    test_mode: config.testMode,
  };
}
