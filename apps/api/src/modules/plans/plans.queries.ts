import type { Plan as PlanDto, PlanListQuerySchema, PlanSortField } from '@cabinet/contracts';
import type pg from 'pg';
import type { z } from 'zod';
import { Prisma } from '../../generated/prisma/client';
import { NO_ITEMS, type PageRow, planJson } from '../../lib/json-sql';
import { readAnswerRows } from '../../lib/sql';

// GET /subscribes: the page and the total in one statement, the answer built in PostgreSQL
// (docs/decisions/0118-one-statement-lists.md). Column names are code (the sort fields are the columns'
// own names); every value is a parameter.

type PlanListQuery = z.output<typeof PlanListQuerySchema>;

/** Column, lower bound, upper bound, and the SQL type the bounds are compared as (inclusive both). */
const RANGE_FILTERS = [
  ['price_month', 'price_month_min', 'price_month_max', 'numeric'],
  ['price_year', 'price_year_min', 'price_year_max', 'numeric'],
  ['max_members', 'max_members_min', 'max_members_max', 'int'],
  ['max_organizations', 'max_organizations_min', 'max_organizations_max', 'int'],
  ['created_at', 'created_at_from', 'created_at_to', 'timestamptz'],
  ['updated_at', 'updated_at_from', 'updated_at_to', 'timestamptz'],
] as const;

function planConditions(query: PlanListQuery): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (query.id !== undefined) where.push(Prisma.sql`p.id = ${query.id}::int`);
  // ILIKE '%…%' (the trigram index on plans.name, decision 0020); wildcards typed are wildcards here.
  if (query.name) where.push(Prisma.sql`p.name ILIKE ${`%${query.name}%`}`);
  if (query.description) where.push(Prisma.sql`p.description ILIKE ${`%${query.description}%`}`);
  if (query.support_type_id !== undefined)
    where.push(Prisma.sql`p.support_type_id = ${query.support_type_id}::int`);
  for (const [column, min, max, type] of RANGE_FILTERS) {
    const cast = Prisma.raw(`::${type}`);
    const field = Prisma.raw(`p.${column}`);
    if (query[min] !== undefined) where.push(Prisma.sql`${field} >= ${query[min]}${cast}`);
    if (query[max] !== undefined) where.push(Prisma.sql`${field} <= ${query[max]}${cast}`);
  }
  return where;
}

const orderOf = (sortBy: PlanSortField, order: 'asc' | 'desc') =>
  // id breaks ties so that pages never overlap or skip a row.
  Prisma.raw(sortBy === 'id' ? `p.id ${order}` : `p.${sortBy} ${order}, p.id ${order}`);

export async function selectPlanPage(pool: pg.Pool, query: PlanListQuery): Promise<PageRow<PlanDto>> {
  const where = planConditions(query);
  const filter = where.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}`;
  const order = orderOf(query.sort_by, query.order);
  const [row] = await readAnswerRows<PageRow<PlanDto>>(
    pool,
    Prisma.sql`
    SELECT (SELECT count(*)::int FROM plans p ${filter}) AS total,
      COALESCE((SELECT json_agg(${planJson('p')} ORDER BY ${order})
        FROM (SELECT * FROM plans p ${filter} ORDER BY ${order}
          LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}) p), '[]'::json) AS items`,
  );
  return row ?? { total: 0, items: NO_ITEMS };
}
