import type { Payment, PaymentListQuerySchema } from '@cabinet/contracts';
import type { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';

type PaymentListQuery = z.output<typeof PaymentListQuerySchema>;

/**
 * The caller's orders (admins: everyone's, or one user's), newest first; two queries per page. Admins see
 * the payer: the account's e-mail, or the one kept on the order once the account is gone (decision 0093).
 */
export async function listPayments(ctx: SignedInContext, query: PaymentListQuery): Promise<Page<Payment>> {
  const { actor, prisma } = ctx;
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
    items: orders.map((order) => ({
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
      ...(actor.isAdmin ? { user: { id: order.userId, email: order.user?.email ?? order.email ?? '' } } : {}),
    })),
    meta: listMeta(query.page, query.perPage, total),
  };
}
