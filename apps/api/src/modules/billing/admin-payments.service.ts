import type { AdminPayment, AdminPaymentFilterSchema, AdminPaymentListQuerySchema } from '@cabinet/contracts';
import type { z } from 'zod';
import { Prisma } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { counterSql } from '../../lib/counters';
import { type JsonPage, listMeta } from '../../lib/envelope';
import { NO_ITEMS, type PageRow } from '../../lib/json-sql';
import { readAnswerRows } from '../../lib/sql';
import type { Db } from '../../plugins/db/database';
import { paymentFields } from '../payments/payment-fields';

export type AdminPaymentFilter = z.output<typeof AdminPaymentFilterSchema>;
type AdminPaymentListQuery = z.output<typeof AdminPaymentListQuerySchema>;

/** The filters of the admins' list and export as one WHERE (decision 0155). */
export function paymentsWhere(filter: AdminPaymentFilter): Prisma.PaymentOrderWhereInput {
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

export type AdminPaymentRow = Prisma.PaymentOrderGetPayload<{ include: typeof include }>;

export function toAdminPayment(order: AdminPaymentRow): AdminPayment {
  return {
    ...paymentFields(order),
    needs_review: order.needsReview,
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

const iso = (column: string) =>
  Prisma.raw(`to_char((${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The same filters as paymentsWhere, as SQL over `payment_orders o`. */
function filterSql(filter: AdminPaymentFilter): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (filter.plan_id !== undefined) conditions.push(Prisma.sql`o.plan_id = ${filter.plan_id}`);
  if (filter.period) conditions.push(Prisma.sql`o.period = ${filter.period}::payment_period`);
  if (filter.status === 'refund')
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM payment_refunds r WHERE r.order_id = o.id)`);
  else if (filter.status) conditions.push(Prisma.sql`o.status = ${filter.status}::payment_order_status`);
  if (filter.test !== undefined) conditions.push(Prisma.sql`o.test = ${filter.test}`);
  if (filter.from) conditions.push(Prisma.sql`o.created_at >= ${filter.from}`);
  if (filter.to) conditions.push(Prisma.sql`o.created_at < ${filter.to}`);
  return Prisma.join(conditions, ' AND ');
}

/** Whether any filter is set: without one the total is the orders' counter (decision 0117's counters). */
const unfiltered = (filter: AdminPaymentFilter) =>
  filter.plan_id === undefined &&
  !filter.period &&
  !filter.status &&
  filter.test === undefined &&
  !filter.from &&
  !filter.to;

/**
 * GET /admin/payments: every order, newest first, with the filters. One statement builds the count and the
 * page's JSON (the rows as toAdminPayment makes them), as the screen loads it on every visit (decisions
 * 0155, 0171): on the pool (lib/sql.ts), the unfiltered total from the orders' counter, the page from the
 * index that serves its filter (created_at, or plan/status/created_at, or the partial one of test orders).
 */
export async function listAdminPayments(
  ctx: SignedInContext,
  query: AdminPaymentListQuery,
): Promise<JsonPage<AdminPayment>> {
  const where = filterSql(query);
  const total = unfiltered(query)
    ? counterSql('payment_orders')
    : Prisma.sql`(SELECT count(*) FROM payment_orders o WHERE ${where})::int`;
  const [row] = await readAnswerRows<PageRow<AdminPayment>>(
    ctx.pool,
    Prisma.sql`
    SELECT ${total} AS total,
      COALESCE((SELECT json_agg(json_build_object('id', o.id, 'label', o.label,
          'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', o.period, 'method', o.method,
          'amount', o.amount::text, 'status', o.status, 'paid_at', ${iso('o.paid_at')},
          'granted_until', ${iso('o.granted_until')}, 'created_at', ${iso('o.created_at')}, 'test', o.test,
          'provider', o.provider, 'refunded_amount', o.refunded_amount::text, 'needs_review', o.needs_review,
          'user', json_build_object('id', o.user_id, 'email', COALESCE(u.email, o.email, '')),
          'refund', EXISTS (SELECT 1 FROM payment_refunds r WHERE r.order_id = o.id))
          ORDER BY o.created_at DESC, o.id DESC)
        FROM (SELECT o.* FROM payment_orders o WHERE ${where}
              ORDER BY o.created_at DESC, o.id DESC
              LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}) o
        JOIN plans pl ON pl.id = o.plan_id LEFT JOIN users u ON u.id = o.user_id), '[]'::json) AS items`,
  );
  const count = row?.total ?? 0;
  return { items: row?.items ?? NO_ITEMS, meta: listMeta(query.page, query.perPage, count) };
}
