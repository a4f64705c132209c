import type pg from 'pg';
import { Prisma } from '../generated/prisma/client';
import { readRows } from './sql';

// Exact counts kept by triggers in the transactions that change the counted rows (migration
// 20261127163000_admin_counters, docs/decisions/0117-admin-counters.md). A count is the sum of its slots.

export type CounterName = 'users' | 'users_unverified' | 'organizations' | 'payment_orders';

/** A scalar subquery: the counter's value as an int, for a statement that answers a call in one go. */
export const counterSql = (name: CounterName) =>
  Prisma.sql`(SELECT COALESCE(sum("value"), 0)::int FROM "counters" WHERE "name" = ${name})`;

/** Several counters in one statement. */
export async function readCounters<N extends CounterName>(
  pool: pg.Pool,
  names: readonly N[],
): Promise<Record<N, number>> {
  const rows = await readRows<{ name: N; value: number }>(
    pool,
    Prisma.sql`
      SELECT n.name, COALESCE(sum(c."value"), 0)::int AS value
      FROM unnest(${names as readonly string[]}::text[]) AS n(name)
      LEFT JOIN "counters" c ON c."name" = n.name
      GROUP BY n.name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value])) as Record<N, number>;
}
