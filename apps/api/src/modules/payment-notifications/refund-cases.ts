import type { RefundReason } from '@cabinet/contracts';
import type { SignedFields } from '../../adapters/yoomoney';
import type { RequestContext } from '../../lib/context';
import { fromKopecks } from '../payments/money';
import { paymentsConfig } from '../payments/payments.config';

// Money that arrived with a valid signature but bought nothing is kept for a refund by hand
// (docs/decisions/0092-refund-cases.md): one row per operation_id, listed and closed in modules/refunds.

export interface RefundCase {
  reason: RefundReason;
  /** The signed fields as received, and the signature that proves them. */
  signed: SignedFields;
  sha1Hash: string;
  /** Not signed, but what the payer was charged: worth having when returning the money. */
  withdrawAmount?: string;
  amountKopecks: number;
  /** The order the label names, when there is one. */
  order: { id: number; email: string | null } | null;
}

/**
 * Stores a refund case once: a redelivery of the same operation_id inserts nothing (ON CONFLICT DO
 * NOTHING), so the provider's retries and concurrent deliveries leave one row. Logged every time.
 */
export async function recordRefund(ctx: RequestContext, refund: RefundCase): Promise<void> {
  const config = await paymentsConfig(ctx.config);
  const fields: Record<string, string> = { ...refund.signed, sha1_hash: refund.sha1Hash };
  if (refund.withdrawAmount !== undefined) fields.withdraw_amount = refund.withdrawAmount;
  await ctx.prisma.paymentRefund.createMany({
    data: [
      {
        operationId: refund.signed.operation_id,
        label: refund.signed.label,
        orderId: refund.order?.id ?? null,
        email: refund.order?.email ?? null,
        amount: fromKopecks(refund.amountKopecks),
        reason: refund.reason,
        test: config.testMode,
        fields,
      },
    ],
    skipDuplicates: true,
  });
  ctx.log.warn(
    { operationId: refund.signed.operation_id, orderId: refund.order?.id ?? null, reason: refund.reason },
    'a signed payment bought nothing: it is listed for a refund by hand',
  );
}
