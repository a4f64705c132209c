import type { AdminOrganizationListItem, AdminOrganizationListQuerySchema } from '@cabinet/contracts';
import type { z } from 'zod';
import { Prisma } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { counterSql } from '../../lib/counters';
import { type JsonPage, listMeta } from '../../lib/envelope';
import type { PageRow } from '../../lib/json-sql';
import { NO_ITEMS } from '../../lib/json-sql';
import { likeLiteral } from '../../lib/like';
import { readAnswerRows } from '../../lib/sql';
import { memberPreview, orderBy, organizationFields, organizationJoins } from './organizations.queries';

// GET /organizations/list (admins): every organization, or those one user owns or is an active member
// of, searched by name; one statement (docs/decisions/0118-one-statement-lists.md). Unfiltered, the total
// is the organizations counter (decision 0117) and the page an index scan on the sort column.

type AdminListQuery = z.output<typeof AdminOrganizationListQuerySchema>;

function conditions(query: AdminListQuery): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (query.user_id !== undefined) {
    // Owners have an active member row too; the owner_id branch is its safety net, on its own index.
    where.push(Prisma.sql`o.id IN (
      SELECT organization_id FROM members WHERE user_id = ${query.user_id} AND status = 'active'
      UNION SELECT id FROM organizations WHERE owner_id = ${query.user_id})`);
  }
  if (query.search) where.push(Prisma.sql`o.name ILIKE ${`%${likeLiteral(query.search)}%`}`);
  return where;
}

export async function listAllOrganizations(
  ctx: SignedInContext,
  query: AdminListQuery,
): Promise<JsonPage<AdminOrganizationListItem>> {
  const where = conditions(query);
  const filter = where.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}`;
  const total =
    where.length === 0
      ? counterSql('organizations')
      : Prisma.sql`(SELECT count(*)::int FROM organizations o ${filter})`;
  const order = orderBy(query);
  const [row] = await readAnswerRows<PageRow<AdminOrganizationListItem>>(
    ctx.pool,
    Prisma.sql`
    WITH page AS (
      SELECT o.* FROM organizations o ${filter}
      ORDER BY ${order} LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage})
    SELECT ${total} AS total,
      COALESCE((SELECT json_agg(json_build_object(${organizationFields(ctx)}, 'members', pv.list,
          'owner', json_build_object('id', ow.id, 'name', ow.name, 'email', ow.email)) ORDER BY ${order})
        FROM page o ${organizationJoins(ctx)}
        ${memberPreview(ctx.config.PUBLIC_URL)}), '[]'::json) AS items`,
  );
  return { items: row?.items ?? NO_ITEMS, meta: listMeta(query.page, query.perPage, row?.total ?? 0) };
}
