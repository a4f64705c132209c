import {
  BASIC_PLAN_ID,
  DEFAULT_PAYMENT_METHOD,
  type ListMeta,
  type Payment,
  type PaymentListQuerySchema,
  type PaymentNotificationSchema,
  PLAN_NOT_FOUND,
  type SubscribeInfo,
  type SubscribeInfoRequestSchema,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { Prisma } from '../../plugins/db/database';
import { nextTermEnd, PERIOD_MONTHS } from './plan-term';
import {
  fromKopecks,
  newOperationId,
  newOrderLabel,
  notificationSignature,
  PAYMENT_TYPES,
  QUICKPAY_URL,
  RUBLE_CURRENCY,
  type SignedFields,
  signatureMatches,
  toKopecks,
} from './yoomoney';

/** What the payment code needs from the configuration (resolved once at start). */
export interface PaymentsConfig {
  /** No YOOMONEY_RECEIVER + YOOMONEY_SECRET: the sandbox stands in for YooMoney. */
  testMode: boolean;
  receiver: string;
  /** YOOMONEY_SECRET, or the one kept in DATA_DIR/payment-secret in test mode. */
  secret: string;
  publicUrl: string;
  /** The provider's share an amount may fall short of the price by (PAYMENT_COMMISSION). */
  commission: number;
}

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

export const successUrl = (config: PaymentsConfig) => `${config.publicUrl}/app/subscription?payment=success`;
export const cancelUrl = (config: PaymentsConfig) => `${config.publicUrl}/app/subscription?payment=cancelled`;
export const sandboxUrl = (config: PaymentsConfig) => `${config.publicUrl}/api/subscribe/sandbox`;

const ORDER_NOT_FOUND = 'Заказ не найден';
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;
const kopecksOf = (value: { toFixed(digits: number): string }) => toKopecks(value.toFixed(2)) ?? 0;

export const periodText = (period: 'month' | 'year') => (period === 'month' ? '1 месяц' : '12 месяцев');

// ---- Checkout ----

type SubscribeInfoRequest = z.output<typeof SubscribeInfoRequestSchema>;

/**
 * get-subscribe-info: a pending order for the plan and period, and the payment form that pays it
 * (product-decisions "Plans and payments"; docs/decisions/0022-checkout.md).
 */
export async function createCheckout(
  prisma: Prisma,
  config: PaymentsConfig,
  actor: Actor,
  body: SubscribeInfoRequest,
): Promise<SubscribeInfo> {
  if (body.user_id !== actor.userId && !actor.isAdmin) {
    throw forbidden('Оформить оплату можно только для своей учётной записи');
  }
  const [plan, user] = await Promise.all([
    prisma.plan.findUnique({ where: { id: body.subscribe_id } }),
    body.user_id === actor.userId
      ? { id: actor.userId }
      : prisma.user.findUnique({ where: { id: body.user_id }, select: { id: true } }),
  ]);
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  if (!user) throw notFound(USER_NOT_FOUND);
  const price = body.type === 'month' ? plan.priceMonth : plan.priceYear;
  if (plan.id === BASIC_PLAN_ID || kopecksOf(price) === 0) throw badRequest('Этот тариф бесплатный');

  const method = body.options[0]?.value ?? DEFAULT_PAYMENT_METHOD;
  const label = newOrderLabel();
  try {
    await prisma.paymentOrder.create({
      data: { label, userId: user.id, planId: plan.id, period: body.type, method, amount: price },
    });
  } catch (error) {
    // The plan or the user was deleted a moment ago.
    if (errorCode(error) === 'P2003') throw notFound(PLAN_NOT_FOUND);
    throw error;
  }
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

// ---- History ----

type PaymentListQuery = z.output<typeof PaymentListQuerySchema>;

/** The caller's orders (admins: everyone's, or one user's), newest first; two queries per page. */
export async function listPayments(
  prisma: Prisma,
  actor: Actor,
  query: PaymentListQuery,
): Promise<{ data: Payment[]; meta: ListMeta }> {
  if (!actor.isAdmin && query.user_id !== undefined && query.user_id !== actor.userId) {
    throw forbidden('Можно смотреть только свои платежи');
  }
  const userId = actor.isAdmin ? query.user_id : actor.userId;
  const where = {
    ...(userId !== undefined ? { userId } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const [orders, total] = await Promise.all([
    prisma.paymentOrder.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.perPage,
      take: query.perPage,
      include: { plan: { select: { id: true, name: true } }, user: { select: { id: true, email: true } } },
    }),
    prisma.paymentOrder.count({ where }),
  ]);
  return {
    data: orders.map((order) => ({
      id: order.id,
      label: order.label,
      plan: order.plan,
      period: order.period,
      method: order.method,
      amount: order.amount.toFixed(2),
      status: order.status,
      paid_at: order.paidAt?.toISOString() ?? null,
      granted_until: order.grantedUntil?.toISOString() ?? null,
      created_at: order.createdAt.toISOString(),
      ...(actor.isAdmin ? { user: order.user } : {}),
    })),
    meta: { page: query.page, perPage: query.perPage, total, pages: Math.ceil(total / query.perPage) },
  };
}

// ---- Notifications ----

export type PaymentNotificationInput = z.output<typeof PaymentNotificationSchema>;

export type NotificationOutcome =
  | { kind: 'applied'; grantedUntil: Date | null }
  | { kind: 'duplicate' }
  | { kind: 'already-paid' }
  | { kind: 'test' };

export const OUTCOME_MESSAGES: Record<NotificationOutcome['kind'], string> = {
  applied: 'Оплата принята, тариф подключён',
  duplicate: 'Уведомление уже обработано',
  'already-paid': 'Заказ уже оплачен',
  test: 'Тестовое уведомление получено',
};

/** The lowest amount that pays a price once the provider took at most its commission. */
export const minimumAmountKopecks = (priceKopecks: number, commission: number) =>
  Math.floor(priceKopecks * (1 - commission) + 1e-6);

/**
 * Applies one YooMoney notification (docs/decisions/0023-payment-notifications.md). Checks come first and
 * change nothing; then one transaction flips the order from pending to paid with a conditional update
 * (only one of any number of concurrent deliveries can), moves the user's plan end date under a row
 * lock and records the operation_id, which is unique. A refusal is an AppError 400; the same operation
 * delivered again is 'duplicate'; a database failure propagates (5xx, so the provider retries).
 */
export async function applyPaymentNotification(
  prisma: Prisma,
  config: PaymentsConfig,
  n: PaymentNotificationInput,
  log: { warn(obj: object, msg: string): void },
  now = new Date(),
): Promise<NotificationOutcome> {
  const signed: SignedFields = {
    notification_type: n.notification_type,
    operation_id: n.operation_id,
    amount: n.amount,
    currency: n.currency,
    datetime: n.datetime,
    sender: n.sender,
    codepro: n.codepro,
    label: n.label,
  };
  if (!signatureMatches(signed, config.secret, n.sha1_hash)) throw badRequest('Неверная подпись уведомления');
  // The "test" button in YooMoney's settings: signed, but no order behind it.
  if (n.test_notification === 'true') return { kind: 'test' };
  if (n.currency !== RUBLE_CURRENCY) throw badRequest('Платёж не в рублях');
  if (n.codepro === 'true') throw badRequest('Платёж защищён кодом протекции и не зачислен');
  if (n.unaccepted === 'true') throw badRequest('Платёж ещё не зачислен получателю');
  const amount = toKopecks(n.amount);
  if (amount === null) throw badRequest('Некорректная сумма платежа');

  const seen = await prisma.paymentNotification.findUnique({
    where: { operationId: n.operation_id },
    select: { id: true },
  });
  if (seen) return { kind: 'duplicate' };
  const order = n.label ? await prisma.paymentOrder.findUnique({ where: { label: n.label } }) : null;
  if (!order) throw badRequest(ORDER_NOT_FOUND);
  if (order.status === 'paid') {
    log.warn(
      { operationId: n.operation_id, orderId: order.id },
      'second payment for a paid order: refund it by hand',
    );
    return { kind: 'already-paid' };
  }
  // Never withdraw_amount: it is not signed.
  if (amount < minimumAmountKopecks(kopecksOf(order.amount), config.commission)) {
    throw badRequest('Сумма платежа меньше цены заказа');
  }

  let outcome: NotificationOutcome | null;
  try {
    outcome = await prisma.$transaction(
      async (tx) => {
        const flipped = await tx.paymentOrder.updateMany({
          where: { id: order.id, status: 'pending' },
          data: { status: 'paid', paidAt: now },
        });
        if (flipped.count === 0) return null;
        const [user] = await tx.$queryRaw<{ plan_id: number; plan_expires_at: Date | null }[]>`
          SELECT plan_id, plan_expires_at FROM users WHERE id = ${order.userId} FOR UPDATE`;
        if (!user) throw notFound(USER_NOT_FOUND);
        const plans = await tx.plan.findMany({
          where: { id: { in: [user.plan_id, order.planId] } },
          select: { id: true, priceMonth: true },
        });
        const monthKopecks = (id: number) => {
          const plan = plans.find((p) => p.id === id);
          return plan ? kopecksOf(plan.priceMonth) : 0;
        };
        const grantedUntil = nextTermEnd({
          current: {
            planId: user.plan_id,
            planExpiresAt: user.plan_expires_at,
            monthKopecks: monthKopecks(user.plan_id),
          },
          planId: order.planId,
          monthKopecks: monthKopecks(order.planId),
          months: PERIOD_MONTHS[order.period],
          now,
        });
        await tx.user.update({
          where: { id: order.userId },
          data: { planId: order.planId, planExpiresAt: grantedUntil },
        });
        await tx.paymentOrder.update({ where: { id: order.id }, data: { grantedUntil } });
        await tx.paymentNotification.create({
          data: {
            operationId: n.operation_id,
            orderId: order.id,
            notificationType: n.notification_type,
            amount: fromKopecks(amount),
            withdrawAmount:
              n.withdraw_amount && toKopecks(n.withdraw_amount) !== null ? n.withdraw_amount : null,
            currency: n.currency,
            sender: n.sender || null,
            datetime: n.datetime,
          },
        });
        return { kind: 'applied' as const, grantedUntil };
      },
      { maxWait: 10_000, timeout: 15_000 },
    );
  } catch (error) {
    // The same operation_id committed by a concurrent delivery: nothing of ours was applied.
    if (errorCode(error) === 'P2002') return { kind: 'duplicate' };
    throw error;
  }
  if (outcome) return outcome;
  // Another delivery flipped the order first: the same operation (a duplicate) or a second payment.
  const winner = await prisma.paymentNotification.findUnique({
    where: { operationId: n.operation_id },
    select: { id: true },
  });
  if (winner) return { kind: 'duplicate' };
  log.warn(
    { operationId: n.operation_id, orderId: order.id },
    'second payment for a paid order: refund it by hand',
  );
  return { kind: 'already-paid' };
}

// ---- Test-mode sandbox ----

export async function findSandboxOrder(prisma: Prisma, label: string) {
  return prisma.paymentOrder.findUnique({
    where: { label },
    include: { plan: { select: { name: true } } },
  });
}

/**
 * 'Оплатить' on the sandbox page: the notification YooMoney would send for this order, signed with the
 * same secret, through the same function as POST /api/subscribe/buy.
 */
export async function paySandboxOrder(
  prisma: Prisma,
  config: PaymentsConfig,
  label: string,
  log: { warn(obj: object, msg: string): void },
  now = new Date(),
): Promise<NotificationOutcome> {
  if (!config.testMode) throw notFound('Адрес не найден');
  const order = await prisma.paymentOrder.findUnique({
    where: { label },
    select: { amount: true, status: true },
  });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // A second click (or the back button) must not look like a second payment.
  if (order.status === 'paid') return { kind: 'already-paid' };
  const sum = order.amount.toFixed(2);
  const fields: SignedFields = {
    notification_type: 'card-incoming',
    operation_id: newOperationId(),
    amount: sum,
    currency: RUBLE_CURRENCY,
    datetime: now.toISOString(),
    sender: '',
    codepro: 'false',
    label,
  };
  const notification: PaymentNotificationInput = {
    ...fields,
    withdraw_amount: sum,
    unaccepted: 'false',
    sha1_hash: notificationSignature(fields, config.secret),
  };
  return applyPaymentNotification(prisma, config, notification, log, now);
}
