import { type AuditCursor, type AuditEvent, encodeAuditCursor, type MemberStatus } from '@cabinet/contracts';
import type pg from 'pg';
import { type AuditEvent as AuditRow, Prisma, type Prisma as PrismaNs } from '../../generated/prisma/client';
import { at, iso, NO_ITEMS } from '../../lib/json-sql';
import { type JsonText, readAnswerRows } from '../../lib/sql';
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

const raw = Prisma.raw;

const eventFields = `'id', e.id, 'at', ${iso('e.at')},
  'actor', CASE WHEN e.actor_id IS NULL THEN NULL ELSE json_build_object('id', e.actor_id,
    'name', COALESCE(e.actor_name, ''), 'email', COALESCE(e.actor_email, '')) END,
  'action', e.action, 'target_type', e.target_type, 'target_id', e.target_id,
  'organization_id', e.organization_id`;

/** An event as the admins' list answers it (AuditEventSchema), from audit_events row `e`. */
const eventJson = raw(`json_build_object(${eventFields}, 'ip', e.ip, 'details', e.details)`);

/**
 * An event of an organization's log (OrganizationAuditEventSchema): no client address, and no address or
 * user agent in its details (decision 0193).
 */
const organizationEventJson = raw(
  `json_build_object(${eventFields}, 'details', e.details - ARRAY['ip', 'user_agent', 'userAgent', 'device'])`,
);

/** The filter as SQL over `e`; the cursor as a row comparison, which bounds the (…, at, id) index scan. */
function auditConditions(filter: AuditFilter, after: AuditCursor | undefined): Prisma.Sql {
  const where: Prisma.Sql[] = [];
  if (filter.organizationId !== undefined)
    where.push(Prisma.sql`e.organization_id = ${filter.organizationId}::int`);
  if (filter.actorId !== undefined) where.push(Prisma.sql`e.actor_id = ${filter.actorId}::int`);
  if (filter.action !== undefined) where.push(Prisma.sql`e.action = ${filter.action}`);
  if (filter.from) where.push(Prisma.sql`e.at >= ${at(filter.from)}`);
  if (filter.to) where.push(Prisma.sql`e.at < ${at(filter.to)}`);
  if (after) {
    where.push(Prisma.sql`(e.at, e.id) < (${at(new Date(after.atMs))}, ${after.id}::bigint)`);
  }
  return where.length === 0 ? Prisma.sql`TRUE` : Prisma.join(where, ' AND ');
}

interface PageRow {
  /** Sent as PostgreSQL wrote it (decision 0178). */
  items: JsonText<AuditEvent[]>;
  more: boolean;
  last: AuditCursor | null;
}

/**
 * One keyset page as columns of one statement: perPage events (one more is read to know whether a next
 * page exists) and the cursor of the last one. `guard` (a boolean over the statement's CTEs) lets a
 * caller's access check decide in the same statement whether any event is read.
 */
const pageColumns = (
  filter: AuditFilter,
  page: { perPage: number; cursor?: AuditCursor | undefined },
  guard: Prisma.Sql = Prisma.sql`TRUE`,
  event: Prisma.Sql = eventJson,
) => Prisma.sql`
  rows AS (
    SELECT * FROM audit_events e WHERE ${guard} AND ${auditConditions(filter, page.cursor)}
    ORDER BY e.at DESC, e.id DESC LIMIT ${page.perPage + 1}),
  shown AS (SELECT * FROM rows ORDER BY at DESC, id DESC LIMIT ${page.perPage})
  SELECT COALESCE((SELECT json_agg(${event} ORDER BY e.at DESC, e.id DESC) FROM shown e), '[]'::json) AS items,
    (SELECT count(*) FROM rows) > ${page.perPage} AS more,
    (SELECT json_build_object('atMs', (extract(epoch FROM at) * 1000)::bigint, 'id', id)
      FROM shown ORDER BY at, id LIMIT 1) AS last`;

const toPage = (row: PageRow | undefined) => ({
  items: row?.items ?? NO_ITEMS,
  nextCursor: row?.more && row.last ? encodeAuditCursor(row.last) : null,
});

/** One keyset page: perPage events and the cursor of the next page (null: none). One statement. */
export async function auditPage(
  pool: pg.Pool,
  filter: AuditFilter,
  page: { perPage: number; cursor?: AuditCursor | undefined },
): Promise<{ items: JsonText<AuditEvent[]>; nextCursor: string | null }> {
  const [row] = await readAnswerRows<PageRow>(pool, Prisma.sql`WITH ${pageColumns(filter, page)}`);
  return toPage(row);
}

/**
 * An organization's page, with the caller's access to it read in the same statement: `found` (the
 * organization exists), the caller's member status and type, and whether they read its log (`reader`:
 * a site admin, or an active member who is its owner or one of its organization admins); the events are
 * read only for a reader.
 */
export async function organizationAuditPage(
  pool: pg.Pool,
  viewer: { userId: number; isAdmin: boolean; readerTypes: readonly number[] },
  filter: AuditFilter & { organizationId: number },
  page: { perPage: number; cursor?: AuditCursor | undefined },
) {
  const [row] = await readAnswerRows<
    PageRow & { found: boolean; status: MemberStatus | null; reader: boolean }
  >(
    pool,
    Prisma.sql`
    WITH access AS (
      SELECT o.owner_id, m.type_id, m.status FROM organizations o
      LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = ${viewer.userId}::int
      WHERE o.id = ${filter.organizationId}::int),
    allowed AS (SELECT ${viewer.isAdmin}::boolean OR EXISTS (SELECT 1 FROM access WHERE status = 'active'
      AND (owner_id = ${viewer.userId}::int OR type_id = ANY(${[...viewer.readerTypes]}::int[]))) AS reader),
    ${pageColumns(filter, page, Prisma.sql`(SELECT reader FROM allowed)`, organizationEventJson)},
      EXISTS (SELECT 1 FROM access) AS found, (SELECT status::text FROM access) AS status,
      (SELECT reader FROM allowed) AS reader`,
  );
  return {
    found: row?.found ?? false,
    status: row?.status ?? null,
    reader: row?.reader ?? false,
    ...toPage(row),
  };
}
