import {
  MEMBER_PREVIEW_COUNT,
  MEMBER_TYPE_ADMIN,
  MEMBER_TYPE_OWNER,
  type MemberStatus,
  type Organization as OrganizationDto,
  type OrganizationListItem,
  type PendingUser,
} from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { type JsonPage, listMeta } from '../../lib/envelope';
import {
  account,
  at,
  effectivePlanId,
  filesOf,
  fileUrl,
  iso,
  NO_ITEMS,
  type PageRow,
  person,
  typeRef,
} from '../../lib/json-sql';
import { likeLiteral } from '../../lib/like';
import { type JsonText, readAnswerRows } from '../../lib/sql';
import type { PlanClock } from '../plans/plans.mapper';

// The organizations' screen reads, one statement each, the answer built in PostgreSQL (decision 0114):
// home's list walks the caller's member rows (members(user_id, status)), never the organizations table.

const raw = Prisma.raw;

/** toMemberDto of members row `m` with its account `mu` and its type `mt`. */
export const memberJson = (m: string, mu: string, mt: string, publicUrl: string) =>
  Prisma.sql`json_build_object('id', ${raw(m)}.id, 'account', ${account(mu, publicUrl)},
    'account_id', ${raw(m)}.user_id, 'organization_id', ${raw(m)}.organization_id,
    'type_id', ${raw(m)}.type_id, 'type', ${typeRef(mt)}, 'status', ${raw(m)}.status,
    'public_key', ${raw(m)}.public_key, 'auto_linked', ${raw(m)}.auto_linked,
    'created_at', ${raw(iso(`${m}.created_at`))}, 'updated_at', ${raw(iso(`${m}.updated_at`))})`;

/**
 * organizationFields of organizations row `o` (organizations.mapper.ts), with what `organizationJoins`
 * brings: its type `ot`, the owner's plan in force `p`, the avatar `f`, the member count `mc` and the seats
 * open invitations hold `oi` (decision 0131).
 */
export const organizationFields = (ctx: SignedInContext) => Prisma.sql`
  'id', o.id, 'name', o.name, 'type', ${typeRef('ot')}, 'type_id', o.type_id, 'owner_id', o.owner_id,
  'is_your', o.owner_id = ${ctx.actor.userId}::int, 'members_count', mc.n,
  'remaining_members', greatest(0, p.max_members - mc.n - oi.n), 'files', ${filesOf('f', ctx.config.PUBLIC_URL)},
  'created_at', ${raw(iso('o.created_at'))}, 'updated_at', ${raw(iso('o.updated_at'))}`;

export const organizationJoins = (ctx: PlanClock) => Prisma.sql`
  JOIN organization_types ot ON ot.id = o.type_id
  JOIN users ow ON ow.id = o.owner_id
  JOIN plans p ON p.id = ${effectivePlanId('ow', ctx)}
  LEFT JOIN files f ON f.id = o.avatar_file_id
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM members WHERE organization_id = o.id) mc
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM invitations
    WHERE organization_id = o.id AND status = 'pending' AND expires_at > ${at(ctx.now)}) oi`;

/** sort_by[key] of the spec → the column it sorts; title and text are the name. */
const SORT_COLUMNS = {
  'sort_by[created_at]': 'created_at',
  'sort_by[notification_type_id]': 'type_id',
  'sort_by[title]': 'name',
  'sort_by[text]': 'name',
} as const;

type Direction = 'asc' | 'desc' | '';
export type ListOrder = { [K in keyof typeof SORT_COLUMNS]?: Direction | undefined } & {
  order?: 'asc' | 'desc' | undefined;
};

/** ORDER BY over `o` from the spec's sort keys; newest first by default, the id keeps pages stable. */
export function orderBy(query: ListOrder) {
  const terms: string[] = [];
  for (const [key, column] of Object.entries(SORT_COLUMNS) as [keyof typeof SORT_COLUMNS, string][]) {
    const direction = query[key];
    if (direction === undefined) continue;
    terms.push(`o.${column} ${direction || query.order || 'asc'}`);
  }
  if (terms.length === 0) terms.push(`o.created_at ${query.order ?? 'desc'}`);
  terms.push(`o.id ${query.order ?? 'desc'}`);
  return raw(terms.join(', '));
}

/** `pv.list`: the first members of organizations row `o` (the avatar stack of a list item). */
export const memberPreview = (url: string) => Prisma.sql`
  CROSS JOIN LATERAL (
    SELECT COALESCE(json_agg(json_build_object('id', mm.id, 'account_id', mm.user_id,
        'name', mu.name, 'email', mu.email, 'avatar_url', ${fileUrl('mu.avatar_file_id', url)},
        'type_id', mm.type_id, 'status', mm.status) ORDER BY mm.type_id, mm.id), '[]'::json) AS list
    FROM (SELECT * FROM members WHERE organization_id = o.id
      ORDER BY type_id, id LIMIT ${MEMBER_PREVIEW_COUNT}::int) mm
    JOIN users mu ON mu.id = mm.user_id) pv`;

/** GET /organizations (home): the caller's organizations, a page of them, searched by name. */
export async function listMyOrganizations(
  ctx: SignedInContext,
  query: ListOrder & { page: number; perPage: number; search?: string | undefined },
): Promise<JsonPage<OrganizationListItem>> {
  const { total, items } = await selectMyOrganizations(ctx, {
    ...query,
    pattern: query.search ? `%${likeLiteral(query.search)}%` : null,
    skip: (query.page - 1) * query.perPage,
    take: query.perPage,
  });
  return { items, meta: listMeta(query.page, query.perPage, total) };
}

/**
 * The organizations the caller owns or is an active member of (owners have an active member row too; the
 * owner_id branch is its safety net, on its own index), a page of them with the first members of each
 * (the avatar stack). `pattern` is an ILIKE pattern over the name, or null.
 */
async function selectMyOrganizations(
  ctx: SignedInContext,
  query: ListOrder & { pattern: string | null; skip: number; take: number },
): Promise<PageRow<OrganizationListItem>> {
  const userId = ctx.actor.userId;
  const url = ctx.config.PUBLIC_URL;
  const order = orderBy(query);
  const rows = await readAnswerRows<PageRow<OrganizationListItem>>(
    ctx.pool,
    Prisma.sql`
    WITH ids AS (
      SELECT organization_id AS id FROM members WHERE user_id = ${userId} AND status = 'active'
      UNION SELECT id FROM organizations WHERE owner_id = ${userId}),
    hits AS (
      SELECT o.* FROM organizations o WHERE o.id IN (SELECT id FROM ids)
      ${query.pattern === null ? Prisma.empty : Prisma.sql`AND o.name ILIKE ${query.pattern}`}),
    page AS (SELECT * FROM hits o ORDER BY ${order} LIMIT ${query.take} OFFSET ${query.skip})
    SELECT (SELECT count(*)::int FROM hits) AS total,
      COALESCE((SELECT json_agg(json_build_object(${organizationFields(ctx)}, 'members', pv.list)
          ORDER BY ${order})
        FROM page o ${organizationJoins(ctx)}
        ${memberPreview(url)}), '[]'::json) AS items`,
  );
  return rows[0] ?? { total: 0, items: NO_ITEMS };
}

export interface OrganizationRow {
  ownerId: number;
  /** The caller's own membership status, if they have one. */
  viewerStatus: MemberStatus | null;
  organization: JsonText<OrganizationDto>;
}

/** One organization with every member (owner first) and its open ownership offer; null if none. */
export async function selectOrganization(ctx: SignedInContext, id: number): Promise<OrganizationRow | null> {
  const url = ctx.config.PUBLIC_URL;
  const rows = await readAnswerRows<OrganizationRow>(
    ctx.pool,
    Prisma.sql`
    SELECT o.owner_id AS "ownerId",
      (SELECT status::text FROM members WHERE organization_id = o.id AND user_id = ${ctx.actor.userId})
        AS "viewerStatus",
      json_build_object(${organizationFields(ctx)},
        'members', COALESCE((SELECT json_agg(${memberJson('m', 'mu', 'mt', url)} ORDER BY m.type_id, m.id)
          FROM members m JOIN users mu ON mu.id = m.user_id JOIN member_types mt ON mt.id = m.type_id
          WHERE m.organization_id = o.id), '[]'::json),
        'transfer', (SELECT json_build_object('id', tr.id, 'organization_id', tr.organization_id,
            'from_user_id', tr.from_user_id, 'to_user_id', tr.to_user_id, 'status', tr.status,
            'expires_at', ${raw(iso('tr.expires_at'))})
          FROM ownership_transfers tr
          WHERE tr.organization_id = o.id AND tr.status = 'pending' AND tr.expires_at > ${at(ctx.now)}
          ORDER BY tr.id LIMIT 1)) AS organization
    FROM organizations o ${organizationJoins(ctx)}
    WHERE o.id = ${id}`,
    ['organization'],
  );
  return rows[0] ?? null;
}

/**
 * Join requests (pending members), oldest first: of the organizations the caller owns or administers
 * (an active member of type 1 or 3), or of all of them for a site admin.
 */
export async function selectPendingUsers(
  ctx: SignedInContext,
  page: { skip: number; take: number },
): Promise<PageRow<PendingUser>> {
  const { actor } = ctx;
  const managed = actor.isAdmin
    ? Prisma.empty
    : Prisma.sql`AND m.organization_id IN (SELECT organization_id FROM members WHERE user_id = ${actor.userId}
        AND status = 'active' AND type_id IN (${MEMBER_TYPE_OWNER}::int, ${MEMBER_TYPE_ADMIN}::int))`;
  const rows = await readAnswerRows<PageRow<PendingUser>>(
    ctx.pool,
    Prisma.sql`
    WITH pending AS (SELECT m.* FROM members m WHERE m.status = 'pending' ${managed})
    SELECT (SELECT count(*)::int FROM pending) AS total,
      COALESCE((SELECT json_agg(json_build_object('id', pm.id,
          'organization', json_build_object('id', o.id, 'name', o.name),
          'account', ${account('u', ctx.config.PUBLIC_URL)}, 'requested_by', ${person('rb')},
          'created_at', ${raw(iso('pm.created_at'))}) ORDER BY pm.id)
        FROM (SELECT * FROM pending ORDER BY id LIMIT ${page.take} OFFSET ${page.skip}) pm
        JOIN organizations o ON o.id = pm.organization_id
        JOIN users u ON u.id = pm.user_id
        LEFT JOIN users rb ON rb.id = pm.requested_by_id), '[]'::json) AS items`,
  );
  return rows[0] ?? { total: 0, items: NO_ITEMS };
}
