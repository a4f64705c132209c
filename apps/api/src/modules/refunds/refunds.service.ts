import type { Refund, RefundListQuerySchema } from '@cabinet/contracts';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error';
import type { RequestContext, SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { tr, trId } from '../../lib/i18n';
import { emitEvent } from '../../lib/webhooks/events';
import { type Prisma, transaction } from '../../plugins/db/database';

// Refund cases (docs/decisions/0092-refund-cases.md), recorded by modules/payment-notifications: money
// that arrived with a valid signature but bought nothing, listed and closed by site admins.

export const REFUND_NOT_FOUND = trId('Возврат не найден');

type RefundRow = Awaited<ReturnType<typeof findRefunds>>[number];

const findRefunds = (prisma: Prisma, args: { where: object; skip?: number; take?: number }) =>
  prisma.paymentRefund.findMany({
    ...args,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    include: { order: { select: { userId: true, email: true, user: { select: { email: true } } } } },
  });

function toRefund(row: RefundRow): Refund {
  const email = row.order?.user?.email ?? row.order?.email ?? row.email;
  return {
    id: row.id,
    operation_id: row.operationId,
    label: row.label,
    order_id: row.orderId,
    amount: row.amount.toFixed(2),
    reason: row.reason,
    user: email ? { id: row.order?.userId ?? null, email } : null,
    test: row.test,
    fields: Object.fromEntries(
      Object.entries((row.fields ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    ),
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedBy,
  };
}

type RefundListQuery = z.output<typeof RefundListQuerySchema>;

/** GET /api/v1/rest/admin/refunds: newest first, optionally only open or only resolved cases. */
export async function listRefunds(ctx: RequestContext, query: RefundListQuery): Promise<Page<Refund>> {
  const where =
    query.status === 'open'
      ? { resolvedAt: null }
      : query.status === 'resolved'
        ? { resolvedAt: { not: null } }
        : {};
  const [rows, total] = await Promise.all([
    findRefunds(ctx.prisma, { where, skip: (query.page - 1) * query.perPage, take: query.perPage }),
    ctx.prisma.paymentRefund.count({ where }),
  ]);
  return { items: rows.map(toRefund), meta: listMeta(query.page, query.perPage, total) };
}

/**
 * POST /api/v1/rest/admin/refunds/{id}/resolve: the money was returned. Marking it again keeps the first
 * date and admin (a double click, or two admins at once, is not an error).
 */
export async function resolveRefund(ctx: SignedInContext, { id }: { id: number }): Promise<Refund> {
  await transaction(ctx.prisma, async (tx) => {
    const resolved = await tx.paymentRefund.updateManyAndReturn({
      where: { id, resolvedAt: null },
      data: { resolvedAt: ctx.now, resolvedBy: ctx.actor.email },
      select: { id: true, label: true, orderId: true, amount: true, test: true, reason: true },
    });
    for (const refund of resolved) {
      await emitEvent(tx, ctx, {
        type: 'payment.refunded',
        organizationId: null,
        data: {
          id: refund.id,
          label: refund.label,
          order_id: refund.orderId,
          amount: refund.amount.toFixed(2),
          reason: refund.reason,
          test: refund.test,
        },
      });
    }
  });
  const [row] = await findRefunds(ctx.prisma, { where: { id } });
  if (!row) throw notFound(tr(REFUND_NOT_FOUND));
  return toRefund(row);
}
