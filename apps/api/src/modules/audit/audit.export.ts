import type { Readable } from 'node:stream';
import { auditActionLabel } from '@cabinet/contracts';
import type { AuditEvent as AuditRow } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { csvStream } from '../../lib/csv-export';
import { type AuditFilter, cursorOf, findAuditRows } from './audit.query';

// GET /admin/audit/export: every event matching the filters as CSV, streamed in keyset batches, quoted and
// formula-escaped by lib/csv-export.ts (decision 0147).

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

export async function exportAuditCsv(ctx: SignedInContext, filter: AuditFilter): Promise<Readable> {
  return csvStream({
    columns: COLUMNS,
    first: await findAuditRows(ctx.prisma, filter, undefined, BATCH),
    batch: BATCH,
    next: (last) => findAuditRows(ctx.prisma, filter, cursorOf(last), BATCH),
    record: toCsvRecord,
    log: ctx.log,
    name: 'audit',
  });
}
