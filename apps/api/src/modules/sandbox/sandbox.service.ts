import { randomBytes } from 'node:crypto';
import { notificationSignature, RUBLE_CURRENCY, type SignedFields } from '../../adapters/yoomoney';
import { notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { adoptAccountLocale, tr } from '../../lib/i18n';
import {
  applyPaymentNotification,
  type NotificationOutcome,
  type PaymentNotificationInput,
} from '../payment-notifications/notifications.service';
import { ORDER_NOT_FOUND, paymentsConfig, periodText } from '../payments/payments.config';
import type { SandboxOrderView } from './sandbox-page';

// The test-mode sandbox page's calls (docs/decisions/0025-test-mode-sandbox.md).

const ORDER_LABEL = /^[0-9a-f]{32}$/;

/** A provider-like operation id for sandbox payments. */
const newOperationId = (): string => `sandbox-${randomBytes(12).toString('hex')}`;

/** The order a sandbox page shows; null when the label names none. */
export async function findSandboxOrder(
  ctx: RequestContext,
  { label }: { label: string | undefined },
): Promise<SandboxOrderView | null> {
  if (!label || !ORDER_LABEL.test(label)) return null;
  const order = await ctx.prisma.paymentOrder.findUnique({
    where: { label },
    include: { plan: { select: { name: true } } },
  });
  if (!order) return null;
  // The page is the payer's step out of the cabinet: it speaks their account's language, as their mails do
  // (unless ?lang chose one), whatever the browser asks for.
  if (order.userId !== null) {
    const payer = await ctx.prisma.user.findUnique({ where: { id: order.userId }, select: { locale: true } });
    adoptAccountLocale(payer?.locale);
  }
  return {
    label: order.label,
    number: order.id,
    planName: order.plan.name,
    period: periodText(order.period),
    sum: order.amount.toFixed(2),
    paid: order.status === 'paid',
  };
}

/**
 * 'Оплатить' on the sandbox page: the notification YooMoney would send for this order, signed with the
 * same secret, through the same function as POST /api/subscribe/buy.
 */
export async function paySandboxOrder(
  ctx: RequestContext,
  { label }: { label: string },
): Promise<NotificationOutcome> {
  const config = await paymentsConfig(ctx.config);
  if (!config.testMode) throw notFound(tr('Адрес не найден'));
  const order = await ctx.prisma.paymentOrder.findUnique({
    where: { label },
    select: { amount: true, status: true },
  });
  if (!order) throw notFound(tr(ORDER_NOT_FOUND));
  // A second click (or the back button) must not look like a second payment.
  if (order.status === 'paid') return { kind: 'already-paid' };
  const sum = order.amount.toFixed(2);
  const fields: SignedFields = {
    notification_type: 'card-incoming',
    operation_id: newOperationId(),
    amount: sum,
    currency: RUBLE_CURRENCY,
    datetime: ctx.now.toISOString(),
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
  return applyPaymentNotification(ctx, notification);
}
