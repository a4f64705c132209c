import type { Payment } from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import { notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { iso } from '../../lib/json-sql';
import { type JsonText, readAnswerRows } from '../../lib/sql';
import { applyYooKassaPayment, readPayment } from '../payment-notifications/yookassa.service';
import { ORDER_NOT_FOUND, paymentsConfig } from './payments.config';

// GET /payments/orders/{label}: the result page's poll (decision 0202). A pending YooKassa order is read
// back from YooKassa first (the same read a notification triggers), so the page learns the outcome even
// before the notification arrives, or when the notification URL is not set up yet.

const raw = Prisma.raw;

/** The order's answer as PostgreSQL writes it (the fields of paymentFields), and what the poll checks. */
interface OrderRow {
  data: JsonText<Payment>;
  status: string;
  provider: string;
  provider_payment_id: string | null;
}

/**
 * One statement, its answer built in SQL (decision 0114): the poll runs every few seconds for every
 * person on the result page. Admins also get whose order it is; another person's order is not found.
 */
async function selectOrder(ctx: SignedInContext, label: string): Promise<OrderRow | null> {
  const { userId, isAdmin } = ctx.actor;
  const owner = isAdmin
    ? Prisma.sql`, 'user', json_build_object('id', o.user_id, 'email', COALESCE(u.email, o.email, ''))`
    : Prisma.empty;
  const rows = await readAnswerRows<OrderRow>(
    ctx.pool,
    Prisma.sql`
    SELECT json_build_object('id', o.id, 'label', o.label,
      'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', o.period, 'method', o.method,
      'amount', o.amount::text, 'status', o.status, 'paid_at', ${raw(iso('o.paid_at'))},
      'granted_until', ${raw(iso('o.granted_until'))}, 'created_at', ${raw(iso('o.created_at'))},
      'test', o.test, 'provider', o.provider, 'refunded_amount', o.refunded_amount::text ${owner}) AS data,
      o.status, o.provider, o.provider_payment_id
    FROM payment_orders o JOIN plans pl ON pl.id = o.plan_id LEFT JOIN users u ON u.id = o.user_id
    WHERE o.label = ${label} AND (${isAdmin} OR o.user_id = ${userId})`,
    ['data'],
  );
  return rows[0] ?? null;
}

export async function getOrder(
  ctx: SignedInContext,
  { label }: { label: string },
): Promise<JsonText<Payment>> {
  const order = await selectOrder(ctx, label);
  if (!order) throw notFound(tr(ORDER_NOT_FOUND));
  if (order.status !== 'pending' || order.provider !== 'yookassa' || !order.provider_payment_id)
    return order.data;
  const { yookassa } = await paymentsConfig(ctx.config);
  if (!yookassa) return order.data;
  try {
    const payment = await readPayment(yookassa, order.provider_payment_id);
    if (payment && (await applyYooKassaPayment(ctx, payment)) === 'applied')
      return (await selectOrder(ctx, label))?.data ?? order.data;
  } catch (error) {
    // YooKassa unreachable: the page keeps waiting ('Ждём подтверждения банка').
    ctx.log.warn({ err: error, order: label }, 'yookassa read-back failed');
  }
  return order.data;
}
