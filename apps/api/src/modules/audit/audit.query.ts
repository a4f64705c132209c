import { type AuditCursor, type AuditEvent, encodeAuditCursor } from '@cabinet/contracts';
import type { AuditEvent as AuditRow, Prisma as PrismaNs } from '../../generated/prisma/client';
import type { Db } from '../../plugins/db/database';

// Reading the audit log: one filter shape for the two lists and the export, newest first, keyset on
// (at, id). Each filter has an index ending in (at, id) (decision 0145), so a page is an index range scan
// backwards from the cursor, whatever its depth.

export interface AuditFilter {
  organizationId?: number | undefined;
  actorId?: number | undefined;
  action?: string | undefined;
  /** First instant in (inclusive). */
  from?: Date | undefined;
  /** First instant out (exclusive): the contracts turn the inclusive `to` into this. */
  to?: Date | undefined;
}

function auditWhere(filter: AuditFilter, after: AuditCursor | undefined): PrismaNs.AuditEventWhereInput {
  const at: PrismaNs.DateTimeFilter<'AuditEvent'> = {};
  if (filter.from) at.gte = filter.from;
  if (filter.to) at.lt = filter.to;
  const where: PrismaNs.AuditEventWhereInput = {
    ...(filter.organizationId !== undefined ? { organizationId: filter.organizationId } : {}),
    ...(filter.actorId !== undefined ? { actorId: filter.actorId } : {}),
    ...(filter.action !== undefined ? { action: filter.action } : {}),
  };
  if (after) {
    // (at, id) < (cursor.at, cursor.id), written so that `at <= cursor.at` bounds the index scan and the
    // OR only drops the few rows of the cursor's own millisecond.
    const cursorAt = new Date(after.atMs);
    at.lte = cursorAt;
    where.OR = [{ at: { lt: cursorAt } }, { id: { lt: BigInt(after.id) } }];
  }
  if (Object.keys(at).length > 0) where.at = at;
  return where;
}

/** Up to `take` events matching `filter` after `cursor`, newest first. */
export function findAuditRows(
  db: Db,
  filter: AuditFilter,
  after: AuditCursor | undefined,
  take: number,
): Promise<AuditRow[]> {
  return db.auditEvent.findMany({
    where: auditWhere(filter, after),
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take,
  });
}

export const cursorOf = (row: Pick<AuditRow, 'at' | 'id'>): AuditCursor => ({
  atMs: row.at.getTime(),
  id: Number(row.id),
});

export function toAuditEventDto(row: AuditRow): AuditEvent {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor:
      row.actorId === null
        ? null
        : { id: row.actorId, name: row.actorName ?? '', email: row.actorEmail ?? '' },
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    organization_id: row.organizationId,
    ip: row.ip,
    details: (row.details ?? {}) as Record<string, unknown>,
  };
}

/** One keyset page: perPage events and the cursor of the next page (null: none). */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  page: { perPage: number; cursor?: AuditCursor | undefined },
): Promise<{ items: AuditEvent[]; nextCursor: string | null }> {
  const rows = await findAuditRows(db, filter, page.cursor, page.perPage + 1);
  const items = rows.slice(0, page.perPage);
  const last = items.at(-1);
  const nextCursor = rows.length > page.perPage && last ? encodeAuditCursor(cursorOf(last)) : null;
  return { items: items.map(toAuditEventDto), nextCursor };
}
