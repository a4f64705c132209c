import type { Payment } from '@cabinet/contracts';
import type { PaymentOrder } from '../../generated/prisma/client';

/** An order with its plan's id and name, as the answers about one order read it. */
export type OrderWithPlan = PaymentOrder & { plan: { id: number; name: string } };

/** The fields every answer about one order carries: the person's poll (decision 0202) and the admins' list. */
export function paymentFields(order: OrderWithPlan) {
  return {
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
    test: order.test,
    provider: order.provider as Payment['provider'],
    refunded_amount: order.refundedAmount.toFixed(2),
  };
}
