import { notFound } from '../../lib/app-error';
import type { Prisma } from '../../plugins/db/database';
import {
  applyPaymentNotification,
  type NotificationOutcome,
  type PaymentNotificationInput,
} from './notifications.service';
import { ORDER_NOT_FOUND, type PaymentsConfig, type PaymentsLog } from './payments.config';
import { newOperationId, notificationSignature, RUBLE_CURRENCY, type SignedFields } from './yoomoney';

// The test-mode sandbox page's calls (docs/decisions/0025-test-mode-sandbox.md).

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
  log: PaymentsLog,
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
