import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { SignedInContext } from '../../lib/context';
import {
  type AdminPaymentFilter,
  type AdminPaymentRow,
  findAdminPayments,
  toAdminPayment,
} from './admin-payments.service';

// GET /admin/payments/export: the admins' list as CSV, streamed in keyset batches with backpressure, quoted
// and formula-escaped as the audit export is (decision 0147).

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

async function* records(ctx: SignedInContext, filter: AdminPaymentFilter, first: AdminPaymentRow[]) {
  let batch = first;
  for (;;) {
    for (const row of batch) yield toCsvRecord(row);
    const last = batch.at(-1);
    if (batch.length < BATCH || !last) return;
    batch = await findAdminPayments(ctx.prisma, filter, {
      take: BATCH,
      cursor: { createdAt: last.createdAt, id: last.id },
    });
  }
}

/** The first batch is read before anything is sent, so a database that is down answers 503 like any call. */
export async function exportAdminPaymentsCsv(
  ctx: SignedInContext,
  filter: AdminPaymentFilter,
): Promise<Readable> {
  const first = await findAdminPayments(ctx.prisma, filter, { take: BATCH });
  const csv = stringify({ header: true, columns: [...COLUMNS], bom: true, escape_formulas: true });
  pipeline(Readable.from(records(ctx, filter, first)), csv).catch((err: unknown) =>
    ctx.log.warn({ err }, 'payments CSV export stopped before its end'),
  );
  return csv;
}
