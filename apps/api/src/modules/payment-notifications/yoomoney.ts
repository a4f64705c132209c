import { createHash } from 'node:crypto';
import { sameText } from '../../lib/crypto';

// YooMoney's HTTP notification and its signature (docs/decisions/0023-payment-notifications.md).

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
