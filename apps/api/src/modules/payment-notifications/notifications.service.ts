import type { PaymentNotificationSchema } from '@cabinet/contracts';
import type { z } from 'zod';
import { RUBLE_CURRENCY, type SignedFields, signatureMatches } from '../../adapters/yoomoney';
import type { ApiText } from '../../i18n/catalogue';
import { badRequest } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { isUniqueViolation } from '../../lib/prisma-errors';
import { decimalKopecks, toKopecks } from '../payments/money';
import { ORDER_NOT_FOUND, paymentsConfig } from '../payments/payments.config';
import { AccountGoneError, grantPaidOrder } from './grant.service';
import { type RefundCase, recordRefund } from './refund-cases';

export type PaymentNotificationInput = z.output<typeof PaymentNotificationSchema>;

export type NotificationOutcome =
  | { kind: 'applied'; grantedUntil: Date | null }
  | { kind: 'duplicate' }
  | { kind: 'already-paid' }
  | { kind: 'test' };

export const OUTCOME_MESSAGES: Record<NotificationOutcome['kind'], ApiText> = {
  applied: trId('Оплата принята, тариф подключён'),
  duplicate: trId('Уведомление уже обработано'),
  'already-paid': trId('Заказ уже оплачен'),
  test: trId('Тестовое уведомление получено'),
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
 *
 * Signed money that buys nothing (unknown label, order already paid, amount short) is also stored once
 * per operation_id for a refund by hand, answered as before (docs/decisions/0092-refund-cases.md).
 */
export async function applyPaymentNotification(
  ctx: RequestContext,
  n: PaymentNotificationInput,
): Promise<NotificationOutcome> {
  const { prisma } = ctx;
  const config = await paymentsConfig(ctx.config);
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
  if (!signatureMatches(signed, config.secret, n.sha1_hash))
    throw badRequest(tr('Неверная подпись уведомления'));
  // The "test" button in YooMoney's settings: signed, but no order behind it.
  if (n.test_notification === 'true') return { kind: 'test' };
  // Not refund cases: the money is not (or not yet) ours, or not in rubles; the provider handles these.
  if (n.currency !== RUBLE_CURRENCY) throw badRequest(tr('Платёж не в рублях'));
  if (n.codepro === 'true') throw badRequest(tr('Платёж защищён кодом протекции и не зачислен'));
  if (n.unaccepted === 'true') throw badRequest(tr('Платёж ещё не зачислен получателю'));
  const amount = toKopecks(n.amount);
  if (amount === null) throw badRequest(tr('Некорректная сумма платежа'));

  const seen = await prisma.paymentNotification.findUnique({
    where: { operationId: n.operation_id },
    select: { id: true },
  });
  if (seen) return { kind: 'duplicate' };
  const order = n.label ? await prisma.paymentOrder.findUnique({ where: { label: n.label } }) : null;
  const refund = (reason: RefundCase['reason']) =>
    recordRefund(ctx, {
      reason,
      signed,
      sha1Hash: n.sha1_hash,
      withdrawAmount: n.withdraw_amount,
      amountKopecks: amount,
      order: order && { id: order.id, email: order.email },
    });
  // An order whose account was deleted answers as the deleted order did before decision 0093.
  if (!order || order.userId === null) {
    await refund('unknown_label');
    throw badRequest(tr(ORDER_NOT_FOUND));
  }
  if (order.status === 'paid') {
    await refund('already_paid');
    return { kind: 'already-paid' };
  }
  // Never withdraw_amount: it is not signed.
  const priceKopecks = decimalKopecks(order.amount);
  if (amount < minimumAmountKopecks(priceKopecks, config.commission)) {
    await refund('amount_short');
    throw badRequest(tr('Сумма платежа меньше цены заказа'));
  }

  let outcome: NotificationOutcome | null;
  try {
    outcome = await grantPaidOrder(ctx, {
      order: { id: order.id, userId: order.userId, planId: order.planId, period: order.period, priceKopecks },
      notification: {
        operationId: n.operation_id,
        notificationType: n.notification_type,
        amountKopecks: amount,
        withdrawAmount: n.withdraw_amount,
        currency: n.currency,
        sender: n.sender,
        datetime: n.datetime,
      },
    });
  } catch (error) {
    // The same operation_id committed by a concurrent delivery: nothing of ours was applied.
    if (isUniqueViolation(error)) return { kind: 'duplicate' };
    // The account was deleted while this payment was being applied: nothing was granted.
    if (error instanceof AccountGoneError) {
      await refund('unknown_label');
      throw badRequest(tr(ORDER_NOT_FOUND));
    }
    throw error;
  }
  if (outcome) return outcome;
  // Another delivery flipped the order first: the same operation (a duplicate) or a second payment.
  const winner = await prisma.paymentNotification.findUnique({
    where: { operationId: n.operation_id },
    select: { id: true },
  });
  if (winner) return { kind: 'duplicate' };
  await refund('already_paid');
  return { kind: 'already-paid' };
}
