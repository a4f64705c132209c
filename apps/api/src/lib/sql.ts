import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client';

/**
 * Runs one read statement composed with Prisma.sql on the pool Prisma's adapter itself uses, and answers
 * its rows (json columns already parsed by pg). For the screens' hot reads only (issue 12, decision 0114):
 * Prisma's raw-query path costs a compile and a conversion per call, as much CPU again as the statement's
 * round trip. Writes and transactions stay with Prisma.
 */
export async function readRows<T>(pool: pg.Pool, query: Prisma.Sql): Promise<T[]> {
  const result = await pool.query(query.text, query.values as unknown[]);
  return result.rows as T[];
}
