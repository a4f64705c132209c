import type { AdminPayment, AdminPaymentFilterSchema, AdminPaymentListQuerySchema } from '@cabinet/contracts';
import type { z } from 'zod';
import type { Prisma as PrismaNs } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import type { Db } from '../../plugins/db/database';

export type AdminPaymentFilter = z.output<typeof AdminPaymentFilterSchema>;
type AdminPaymentListQuery = z.output<typeof AdminPaymentListQuerySchema>;

/** The filters of the admins' list and export as one WHERE (decision 0155). */
export function paymentsWhere(filter: AdminPaymentFilter): PrismaNs.PaymentOrderWhereInput {
  return {
    ...(filter.plan_id !== undefined ? { planId: filter.plan_id } : {}),
    ...(filter.period ? { period: filter.period } : {}),
    ...(filter.status === 'refund'
      ? { refunds: { some: {} } }
      : filter.status
        ? { status: filter.status }
        : {}),
    ...(filter.test !== undefined ? { test: filter.test } : {}),
    ...(filter.from || filter.to
      ? {
          createdAt: {
            ...(filter.from ? { gte: filter.from } : {}),
            ...(filter.to ? { lt: filter.to } : {}),
          },
        }
      : {}),
  };
}

const include = {
  plan: { select: { id: true, name: true } },
  user: { select: { id: true, email: true } },
  _count: { select: { refunds: true } },
} as const;

export type AdminPaymentRow = PrismaNs.PaymentOrderGetPayload<{ include: typeof include }>;

export function toAdminPayment(order: AdminPaymentRow): AdminPayment {
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
    user: { id: order.userId, email: order.user?.email ?? order.email ?? '' },
    refund: order._count.refunds > 0,
  };
}

/** Newest first, keyset-free pages (`skip`): the index on (created_at) serves the order. */
export function findAdminPayments(
  db: Db,
  filter: AdminPaymentFilter,
  page: { skip?: number; take: number; cursor?: { createdAt: Date; id: number } },
) {
  const where = paymentsWhere(filter);
  const after = page.cursor
    ? {
        OR: [
          { createdAt: { lt: page.cursor.createdAt } },
          { createdAt: page.cursor.createdAt, id: { lt: page.cursor.id } },
        ],
      }
    : {};
  return db.paymentOrder.findMany({
    where: page.cursor ? { AND: [where, after] } : where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    ...(page.skip ? { skip: page.skip } : {}),
    take: page.take,
    include,
  });
}

/** GET /admin/payments: every order, newest first, with the filters; two queries per page. */
export async function listAdminPayments(
  ctx: SignedInContext,
  query: AdminPaymentListQuery,
): Promise<Page<AdminPayment>> {
  const [orders, total] = await Promise.all([
    findAdminPayments(ctx.prisma, query, { skip: (query.page - 1) * query.perPage, take: query.perPage }),
    ctx.prisma.paymentOrder.count({ where: paymentsWhere(query) }),
  ]);
  return { items: orders.map(toAdminPayment), meta: listMeta(query.page, query.perPage, total) };
}
