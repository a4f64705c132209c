import type { Readable } from 'node:stream';
import type { SignedInContext } from '../../lib/context';
import { csvStream } from '../../lib/csv-export';
import {
  type AdminPaymentFilter,
  type AdminPaymentRow,
  findAdminPayments,
  toAdminPayment,
} from './admin-payments.service';

// GET /admin/payments/export: the admins' list as CSV, streamed in keyset batches, quoted and
// formula-escaped by lib/csv-export.ts (decision 0147).

const BATCH = 1000;

const COLUMNS = [
  'id',
  'label',
  'created_at',
  'paid_at',
  'status',
  'refund',
  'plan_id',
  'plan',
  'period',
  'method',
  'amount',
  'granted_until',
  'test',
  'user_id',
  'email',
] as const;

function toCsvRecord(row: AdminPaymentRow): Record<(typeof COLUMNS)[number], string | number | null> {
  const p = toAdminPayment(row);
  return {
    id: p.id,
    label: p.label,
    created_at: p.created_at,
    paid_at: p.paid_at,
    status: p.status,
    refund: p.refund ? 'true' : 'false',
    plan_id: p.plan.id,
    plan: p.plan.name,
    period: p.period,
    method: p.method,
    amount: p.amount,
    granted_until: p.granted_until,
    test: p.test ? 'true' : 'false',
    user_id: p.user.id,
    email: p.user.email,
  };
}

/** The first batch is read before anything is sent, so a database that is down answers 503 like any call. */
export async function exportAdminPaymentsCsv(
  ctx: SignedInContext,
  filter: AdminPaymentFilter,
): Promise<Readable> {
  return csvStream({
    columns: COLUMNS,
    first: await findAdminPayments(ctx.prisma, filter, { take: BATCH }),
    batch: BATCH,
    next: (last) =>
      findAdminPayments(ctx.prisma, filter, {
        take: BATCH,
        cursor: { createdAt: last.createdAt, id: last.id },
      }),
    record: toCsvRecord,
    log: ctx.log,
    name: 'payments',
  });
}
