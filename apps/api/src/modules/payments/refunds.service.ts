import type { ListMeta, Refund, RefundListQuerySchema, RefundReason } from '@cabinet/contracts';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error';
import type { Prisma } from '../../plugins/db/database';
import type { PaymentsConfig, PaymentsLog } from './payments.config';
import { fromKopecks, type SignedFields } from './yoomoney';

// Money that arrived with a valid signature but bought nothing is kept for a refund by hand
// (docs/decisions/0092-refund-cases.md): one row per operation_id, listed and closed by site admins.

export const REFUND_NOT_FOUND = 'Возврат не найден';

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
export async function recordRefund(
  prisma: Prisma,
  config: PaymentsConfig,
  refund: RefundCase,
  log: PaymentsLog,
): Promise<void> {
  const fields: Record<string, string> = { ...refund.signed, sha1_hash: refund.sha1Hash };
  if (refund.withdrawAmount !== undefined) fields.withdraw_amount = refund.withdrawAmount;
  await prisma.paymentRefund.createMany({
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
  log.warn(
    { operationId: refund.signed.operation_id, orderId: refund.order?.id ?? null, reason: refund.reason },
    'a signed payment bought nothing: it is listed for a refund by hand',
  );
}

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
export async function listRefunds(
  prisma: Prisma,
  query: RefundListQuery,
): Promise<{ data: Refund[]; meta: ListMeta }> {
  const where =
    query.status === 'open'
      ? { resolvedAt: null }
      : query.status === 'resolved'
        ? { resolvedAt: { not: null } }
        : {};
  const [rows, total] = await Promise.all([
    findRefunds(prisma, { where, skip: (query.page - 1) * query.perPage, take: query.perPage }),
    prisma.paymentRefund.count({ where }),
  ]);
  return {
    data: rows.map(toRefund),
    meta: { page: query.page, perPage: query.perPage, total, pages: Math.ceil(total / query.perPage) },
  };
}

/**
 * POST /api/v1/rest/admin/refunds/{id}/resolve: the money was returned. Marking it again keeps the first
 * date and admin (a double click, or two admins at once, is not an error).
 */
export async function resolveRefund(
  prisma: Prisma,
  id: number,
  admin: { email: string },
  now = new Date(),
): Promise<Refund> {
  await prisma.paymentRefund.updateMany({
    where: { id, resolvedAt: null },
    data: { resolvedAt: now, resolvedBy: admin.email },
  });
  const [row] = await findRefunds(prisma, { where: { id } });
  if (!row) throw notFound(REFUND_NOT_FOUND);
  return toRefund(row);
}
