import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { auditActionLabel } from '@cabinet/contracts';
import { stringify } from 'csv-stringify';
import type { AuditEvent as AuditRow } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { type AuditFilter, cursorOf, findAuditRows } from './audit.query';

// GET /admin/audit/export: every event matching the filters as CSV, streamed. Rows are read in keyset
// batches and written as the client takes them (backpressure), so memory stays flat for any filter.
// csv-stringify quotes per RFC 4180 and, with escape_formulas, prefixes ' to a cell starting with
// = + - @ (or a tab or carriage return) so that no spreadsheet runs it as a formula (decision 0147).

const BATCH = 1000;

const COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'actor_email',
  'action',
  'action_name',
  'target_type',
  'target_id',
  'organization_id',
  'ip',
  'details',
] as const;

type CsvRecord = Record<(typeof COLUMNS)[number], string | number | null>;

function toCsvRecord(row: AuditRow): CsvRecord {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_email: row.actorEmail,
    action: row.action,
    action_name: auditActionLabel(row.action),
    target_type: row.targetType,
    target_id: row.targetId,
    organization_id: row.organizationId,
    ip: row.ip,
    details: JSON.stringify(row.details ?? {}),
  };
}

async function* records(ctx: SignedInContext, filter: AuditFilter, first: AuditRow[]) {
  let batch = first;
  for (;;) {
    for (const row of batch) yield toCsvRecord(row);
    const last = batch.at(-1);
    if (batch.length < BATCH || !last) return;
    batch = await findAuditRows(ctx.prisma, filter, cursorOf(last), BATCH);
  }
}

/**
 * The CSV as a stream. The first batch is read before anything is sent, so a database that is down
 * answers 503 like any call; a failure later cuts the download short (logged).
 */
export async function exportAuditCsv(ctx: SignedInContext, filter: AuditFilter): Promise<Readable> {
  const first = await findAuditRows(ctx.prisma, filter, undefined, BATCH);
  const csv = stringify({ header: true, columns: [...COLUMNS], bom: true, escape_formulas: true });
  pipeline(Readable.from(records(ctx, filter, first)), csv).catch((err: unknown) =>
    ctx.log.warn({ err }, 'audit CSV export stopped before its end'),
  );
  return csv;
}
