import { createHash, randomBytes } from 'node:crypto';
import type { PaymentMethod, SubscribeInfo } from '@cabinet/contracts';
import { sameText } from '../../lib/crypto';

// YooMoney's wallet quickpay form and its HTTP notification (docs/decisions/0022, 0023).

export const QUICKPAY_URL = 'https://yoomoney.ru/quickpay/confirm';
/** ISO 4217 numeric code of the ruble: the only currency a notification may carry. */
export const RUBLE_CURRENCY = '643';

/**
 * The quickpay form knows two payment types: PC (a YooMoney wallet) and AC (a bank card). It has no code
 * for the Faster Payments System ('SB' in YooMoney's tables is SberPay, not SBP), so both cabinet
 * methods open the card page, where a Mir card is paid; the chosen method is kept on the order.
 */
export const PAYMENT_TYPES: Record<PaymentMethod, SubscribeInfo['paymentType']> = { mir: 'AC', sbp: 'AC' };

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

/** '990', '990.5', '990.50' → 99050 kopecks; anything else (negative, 3 decimals, exponent) → null. */
export function toKopecks(amount: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A money column (Prisma's Decimal) in kopecks. */
export const decimalKopecks = (value: { toFixed(digits: number): string }): number =>
  toKopecks(value.toFixed(2)) ?? 0;

/** 99050 → '990.50'. */
export const fromKopecks = (kopecks: number): string =>
  `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;

/** An order label: opaque, unguessable (128 bits), safe in a form and a URL. */
export const newOrderLabel = (): string => randomBytes(16).toString('hex');

/** A provider-like operation id for sandbox payments. */
export const newOperationId = (): string => `sandbox-${randomBytes(12).toString('hex')}`;
