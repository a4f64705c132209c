import { Prisma } from '../../generated/prisma/client';
import { counterSql } from '../../lib/counters';
import type { Db } from '../../plugins/db/database';

// The statements behind profile/list and profile/search: one per call, the total and the page together
// (docs/decisions/0118-one-statement-lists.md). Pages go by id, the primary key.

export interface UserListRow {
  id: number;
  name: string;
  email: string;
  email_verified_at: Date | null;
  type_id: number;
  type_code: string;
  type_name: string;
  plan_id: number;
  plan_expires_at: Date | null;
  avatar_file_id: number | null;
  blocked_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type UserSearchRow = Pick<UserListRow, 'id' | 'email' | 'name'>;

const COLUMNS = {
  list: Prisma.sql`u.id, u.name, u.email, u.email_verified_at, u.type_id, t.code AS type_code,
    t.name AS type_name, u.plan_id, u.plan_expires_at, u.avatar_file_id, u.blocked_at, u.created_at, u.updated_at`,
  search: Prisma.sql`u.id, u.email, u.name`,
};

const JOINS = {
  list: Prisma.sql`JOIN "user_types" t ON t.id = u.type_id`,
  search: Prisma.empty,
};

export interface UserPageQuery<K extends keyof typeof COLUMNS> {
  columns: K;
  /** ANDed conditions over `u` (users); none: every account, its total from the users counter. */
  where: Prisma.Sql[];
  limit: number;
  offset: number;
}

type RowOf<K> = K extends 'list' ? UserListRow : UserSearchRow;

/**
 * The page and the total in one statement. Filtered, the matching ids are collected first (a trigram
 * or member index finds them), counted, and only the page's ids sorted: with ORDER BY id LIMIT over the
 * filter instead, the planner may walk the whole primary key hunting for a few matches, which takes
 * seconds at a million accounts. The outer LEFT JOIN keeps one row when the page is empty, for the total.
 */
export async function findUserPage<K extends keyof typeof COLUMNS>(
  db: Db,
  { columns, where, limit, offset }: UserPageQuery<K>,
): Promise<{ total: number; rows: RowOf<K>[] }> {
  const select = COLUMNS[columns];
  const joins = JOINS[columns];
  const rows = await db.$queryRaw<({ total: number } & Partial<RowOf<K>>)[]>(
    where.length === 0
      ? Prisma.sql`
        SELECT c.total, p.* FROM (SELECT ${counterSql('users')} AS total) c
        LEFT JOIN LATERAL (
          SELECT ${select} FROM "users" u ${joins} ORDER BY u.id LIMIT ${limit} OFFSET ${offset}
        ) p ON true
        ORDER BY p.id`
      : Prisma.sql`
        WITH hits AS MATERIALIZED (SELECT u.id FROM "users" u WHERE ${Prisma.join(where, ' AND ')})
        SELECT c.total, p.* FROM (SELECT count(*)::int AS total FROM hits) c
        LEFT JOIN LATERAL (
          SELECT ${select} FROM (SELECT id FROM hits ORDER BY id LIMIT ${limit} OFFSET ${offset}) h
          JOIN "users" u ON u.id = h.id ${joins}
        ) p ON true
        ORDER BY p.id`,
  );
  const total = rows[0]?.total ?? 0;
  return { total, rows: rows.filter((r) => r.id != null) as unknown as RowOf<K>[] };
}
