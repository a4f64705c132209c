import type { Payment } from '@cabinet/contracts';
import type pg from 'pg';
import { Prisma } from '../../generated/prisma/client';
import { iso, NO_ITEMS, type PageRow } from '../../lib/json-sql';
import { readAnswerRows } from '../../lib/sql';

// GET /payments: a page of orders and their total in one statement, the answer built in PostgreSQL
// (docs/decisions/0118-one-statement-lists.md). A user's orders are read on payment_orders(user_id,
// created_at); the status is checked on the few rows that index finds.

const raw = Prisma.raw;

export interface PaymentPageQuery {
  /** Whose orders; undefined: everyone's (admins). */
  userId: number | undefined;
  status: 'pending' | 'paid' | undefined;
  /** Admins see the payer: the account's e-mail, or the one kept on the order (decision 0093). */
  withPayer: boolean;
  take: number;
  skip: number;
}

export async function selectPaymentPage(pool: pg.Pool, query: PaymentPageQuery): Promise<PageRow<Payment>> {
  const where: Prisma.Sql[] = [];
  if (query.userId !== undefined) where.push(Prisma.sql`po.user_id = ${query.userId}::int`);
  if (query.status) where.push(Prisma.sql`po.status = ${query.status}::payment_order_status`);
  const filter = where.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}`;
  const payer = query.withPayer
    ? Prisma.sql`, 'user', json_build_object('id', po.user_id, 'email', COALESCE(u.email, po.email, ''))`
    : Prisma.empty;
  const [row] = await readAnswerRows<PageRow<Payment>>(
    pool,
    Prisma.sql`
    SELECT (SELECT count(*)::int FROM payment_orders po ${filter}) AS total,
      COALESCE((SELECT json_agg(json_build_object('id', po.id, 'label', po.label,
          'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', po.period, 'method', po.method,
          'amount', po.amount::text, 'status', po.status, 'paid_at', ${raw(iso('po.paid_at'))},
          'granted_until', ${raw(iso('po.granted_until'))}, 'created_at', ${raw(iso('po.created_at'))},
          'test', po.test, 'provider', po.provider, 'refunded_amount', po.refunded_amount::text ${payer}) ORDER BY po.created_at DESC, po.id DESC)
        FROM (SELECT * FROM payment_orders po ${filter} ORDER BY po.created_at DESC, po.id DESC
          LIMIT ${query.take} OFFSET ${query.skip}) po
        JOIN plans pl ON pl.id = po.plan_id
        LEFT JOIN users u ON u.id = po.user_id), '[]'::json) AS items`,
  );
  return row ?? { total: 0, items: NO_ITEMS };
}
