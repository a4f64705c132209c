import type { Receipt } from '@cabinet/contracts';
import { notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';

const RECEIPT_NOT_FOUND = 'Квитанция не найдена';

/**
 * A paid order's receipt (decision 0154): its payer or a site admin may read it; anyone else, an order not
 * paid yet, or no such order is the same 404, so the answer does not tell which orders exist.
 */
export async function getReceipt(ctx: SignedInContext, id: number): Promise<Receipt> {
  const order = await ctx.prisma.paymentOrder.findUnique({
    where: { id },
    include: { plan: { select: { id: true, name: true } }, user: { select: { name: true, email: true } } },
  });
  if (order?.status !== 'paid' || !order.paidAt) throw notFound(RECEIPT_NOT_FOUND);
  if (!ctx.actor.isAdmin && order.userId !== ctx.actor.userId) throw notFound(RECEIPT_NOT_FOUND);
  return {
    payment_id: order.id,
    label: order.label,
    plan: order.plan,
    period: order.period,
    method: order.method,
    amount: order.amount.toFixed(2),
    paid_at: order.paidAt.toISOString(),
    term_start: order.termStart?.toISOString() ?? null,
    granted_until: order.grantedUntil?.toISOString() ?? null,
    user: { name: order.user?.name ?? '', email: order.user?.email ?? order.email ?? '' },
    test: order.test,
  };
}
