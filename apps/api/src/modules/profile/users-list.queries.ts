import type { UserListItem, UserSearchItem } from '@cabinet/contracts';
import type pg from 'pg';
import { Prisma } from '../../generated/prisma/client';
import { counterSql } from '../../lib/counters';
import { effectivePlanId, fileUrl, iso, NO_ITEMS, type PageRow, typeRef } from '../../lib/json-sql';
import { readAnswerRows } from '../../lib/sql';

// The statements behind profile/list and profile/search: one per call, the total and the page together,
// the items built in PostgreSQL (docs/decisions/0118-one-statement-lists.md). Pages go by id.

const raw = Prisma.raw;

/** A profile/list item of users row `u` with its type `t`; whether someone is blocked is an admin matter. */
export const userListItem = (viewer: {
  isAdmin: boolean;
  now: Date;
  config: { PLAN_GRACE_DAYS: number };
  publicUrl: string;
}) => Prisma.sql`
  json_build_object('id', u.id, 'name', u.name, 'email', u.email,
    'email_verified_at', ${raw(iso('u.email_verified_at'))}, 'type_id', u.type_id, 'type', ${typeRef('t')},
    'subscribe_id', ${effectivePlanId('u', viewer)}, 'avatar_url', ${fileUrl('u.avatar_file_id', viewer.publicUrl)},
    'blocked', ${viewer.isAdmin}::boolean AND u.blocked_at IS NOT NULL,
    'created_at', ${raw(iso('u.created_at'))}, 'updated_at', ${raw(iso('u.updated_at'))})`;

/** A profile/search item of users row `u`. */
export const userSearchItem = raw(`json_build_object('id', u.id, 'email', u.email, 'name', u.name)`);

export interface UserPageQuery {
  /** The item over `u` (users) and `t` (its user type). */
  item: Prisma.Sql;
  /** ANDed conditions over `u`; none: every account, its total from the users counter. */
  where: Prisma.Sql[];
  limit: number;
  offset: number;
}

/**
 * The page and the total in one statement. Filtered, the matching ids are collected first (a trigram
 * or member index finds them), counted, and only the page's ids sorted: with ORDER BY id LIMIT over the
 * filter instead, the planner may walk the whole primary key hunting for a few matches, which takes
 * seconds at a million accounts.
 */
export async function findUserPage<T extends UserListItem | UserSearchItem>(
  pool: pg.Pool,
  { item, where, limit, offset }: UserPageQuery,
): Promise<PageRow<T>> {
  const items = (ids: Prisma.Sql) => Prisma.sql`COALESCE((SELECT json_agg(${item} ORDER BY u.id)
    FROM (${ids}) h JOIN "users" u ON u.id = h.id JOIN "user_types" t ON t.id = u.type_id), '[]'::json)`;
  const [row] = await readAnswerRows<PageRow<T>>(
    pool,
    where.length === 0
      ? Prisma.sql`SELECT ${counterSql('users')} AS total,
          ${items(Prisma.sql`SELECT id FROM "users" ORDER BY id LIMIT ${limit} OFFSET ${offset}`)} AS items`
      : Prisma.sql`
        WITH hits AS MATERIALIZED (SELECT u.id FROM "users" u WHERE ${Prisma.join(where, ' AND ')})
        SELECT (SELECT count(*)::int FROM hits) AS total,
          ${items(Prisma.sql`SELECT id FROM hits ORDER BY id LIMIT ${limit} OFFSET ${offset}`)} AS items`,
  );
  return row ?? { total: 0, items: NO_ITEMS };
}
