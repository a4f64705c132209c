import { createHash, randomBytes } from 'node:crypto';
import type { PaymentMethod, SubscribeInfo } from '@cabinet/contracts';
import { sameText } from '../lib/crypto';

// YooMoney, the one module that speaks its protocol: the wallet's quickpay form, which the cabinet posts to
// pay an order (docs/decisions/0022-checkout.md), and the HTTP notification that answers it, with its
// signature (docs/decisions/0023-payment-notifications.md). The cabinet calls nothing of YooMoney's, so there
// is no timeout or retry to own here.

/** ISO 4217 numeric code of the ruble: the only currency a notification may carry. */
export const RUBLE_CURRENCY = '643';

/** The fields YooMoney signs, in its order. */
export interface SignedFields {
  notification_type: string;
  operation_id: string;
  amount: string;
  currency: string;
  datetime: string;
  sender: string;
  codepro: string;
  label: string;
}

/** sha1_hash = hex SHA-1 of notification_type&operation_id&amount&currency&datetime&sender&codepro&secret&label. */
export function notificationSignature(fields: SignedFields, secret: string): string {
  const line = [
    fields.notification_type,
    fields.operation_id,
    fields.amount,
    fields.currency,
    fields.datetime,
    fields.sender,
    fields.codepro,
    secret,
    fields.label,
  ].join('&');
  return createHash('sha1').update(line, 'utf8').digest('hex');
}

/** Constant-time comparison (of SHA-256 digests, so lengths never leak either). */
export const signatureMatches = (fields: SignedFields, secret: string, sha1Hash: string): boolean =>
  sameText(notificationSignature(fields, secret), sha1Hash.trim().toLowerCase());

export const QUICKPAY_URL = 'https://yoomoney.ru/quickpay/confirm';

/**
 * The quickpay form knows two payment types: PC (a YooMoney wallet) and AC (a bank card). It has no code
 * for the Faster Payments System ('SB' in YooMoney's tables is SberPay, not SBP), so both cabinet
 * methods open the card page, where a Mir card is paid; the chosen method is kept on the order.
 */
export const PAYMENT_TYPES: Record<PaymentMethod, SubscribeInfo['paymentType']> = { mir: 'AC', sbp: 'AC' };

/** An order label: opaque, unguessable (128 bits), safe in a form and a URL. */
export const newOrderLabel = (): string => randomBytes(16).toString('hex');
