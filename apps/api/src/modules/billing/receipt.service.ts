import type { Receipt } from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import { notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { iso } from '../../lib/json-sql';
import { type JsonText, readAnswerRows } from '../../lib/sql';

const RECEIPT_NOT_FOUND = trId('Квитанция не найдена');

/**
 * A paid order's receipt (decision 0154): its payer or a site admin may read it; anyone else, an order not
 * paid yet, or no such order is the same 404, so the answer does not tell which orders exist. One statement
 * (the printable receipt page loads it; decision 0171): the order by key with its plan and payer, the
 * answer's JSON built in PostgreSQL.
 */
export async function getReceipt(ctx: SignedInContext, id: number): Promise<JsonText<Receipt>> {
  const [row] = await readAnswerRows<{ receipt: JsonText<Receipt> }>(
    ctx.pool,
    Prisma.sql`
      SELECT json_build_object('payment_id', o.id, 'label', o.label,
        'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', o.period, 'method', o.method,
        'amount', o.amount::text, 'paid_at', ${Prisma.raw(iso('o.paid_at'))},
        'term_start', ${Prisma.raw(iso('o.term_start'))}, 'granted_until', ${Prisma.raw(iso('o.granted_until'))},
        'user', json_build_object('name', COALESCE(u.name, ''), 'email', COALESCE(u.email, o.email, '')),
        'test', o.test) AS receipt
      FROM payment_orders o
      JOIN plans pl ON pl.id = o.plan_id
      LEFT JOIN users u ON u.id = o.user_id
      WHERE o.id = ${id} AND o.status = 'paid' AND o.paid_at IS NOT NULL
        AND (${ctx.actor.isAdmin}::boolean OR o.user_id = ${ctx.actor.userId})`,
    ['receipt'],
  );
  if (!row) throw notFound(tr(RECEIPT_NOT_FOUND));
  return row.receipt;
}
