import { BASIC_PLAN_ID, filesEndpoints, USER_TYPE_ADMIN } from '@cabinet/contracts';
import { Prisma } from '../generated/prisma/client';

// The answers of the screens' calls built inside PostgreSQL (json_build_object), one statement per call
// (issue 12, decision 0114). Each fragment writes exactly what the mapper of the same entity writes
// (files.mapper toFileDto, plans.mapper toPlanDto, organizations.mapper toAccount …); the route tests and
// json-sql.test.ts hold them equal. Table aliases are code, never input; values are always parameters.

const raw = Prisma.raw;

/** Where a stored file is downloaded from: this and its id (files.mapper fileDownloadPath). */
const FILE_DOWNLOAD_BASE = filesEndpoints.download.path.replace('{file_id}', '');

/** Date.prototype.toISOString() of a timestamptz(3), in SQL (NULL stays NULL). */
export const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A moment as a parameter: every "now" of a verb is ctx.now, so tests can move it. Sent as ISO text with
 * its 'Z' (Prisma's adapter sends a Date without its zone), so the server's TimeZone setting cannot shift it.
 */
export const at = (moment: Date) => Prisma.sql`${moment.toISOString()}::timestamptz`;

/** {id, code, name} of a type row (user, organization, member type). */
export const typeRef = (t: string) =>
  raw(`json_build_object('id', ${t}.id, 'code', ${t}.code, 'name', ${t}.name)`);

/** The plan in force for users row `u` (plans.mapper effectivePlanId): past its end, 'Базовый'. */
export const effectivePlanId = (u: string, now: Date) =>
  Prisma.sql`CASE WHEN ${raw(u)}.plan_expires_at IS NOT NULL AND ${raw(u)}.plan_expires_at <= ${at(now)}
    THEN ${BASIC_PLAN_ID}::int ELSE ${raw(u)}.plan_id END`;

/** toPlanDto of plans row `p`. */
export const planJson = (p: string) =>
  raw(`json_build_object('id', ${p}.id, 'name', ${p}.name, 'description', ${p}.description,
    'price_month', ${p}.price_month::text, 'price_year', ${p}.price_year::text,
    'max_members', ${p}.max_members, 'max_organizations', ${p}.max_organizations,
    'support_type_id', ${p}.support_type_id, 'created_at', ${iso(`${p}.created_at`)},
    'updated_at', ${iso(`${p}.updated_at`)})`);

/** The download URL of the file whose id is `idExpr` (NULL when it is NULL). */
export const fileUrl = (idExpr: string, publicUrl: string) =>
  Prisma.sql`(${`${publicUrl}${FILE_DOWNLOAD_BASE}`}::text || ${raw(idExpr)})`;

/** toFileDto of files row `f`. */
export const fileJson = (f: string, publicUrl: string) =>
  Prisma.sql`json_build_object('id', ${raw(f)}.id, 'name', ${raw(f)}.name,
    'original_name', ${raw(f)}.original_name, 'alt', ${raw(f)}.alt, 'description', ${raw(f)}.description,
    'disk', ${raw(f)}.disk, 'extension', ${raw(f)}.extension, 'group', ${raw(f)}."group",
    'hash', ${raw(f)}.hash, 'mime', ${raw(f)}.mime, 'path', ${raw(f)}.path,
    'relative_url', ${FILE_DOWNLOAD_BASE}::text || ${raw(f)}.id, 'size', ${raw(f)}.size,
    'sort', ${raw(f)}.sort, 'url', ${fileUrl(`${f}.id`, publicUrl)}, 'user_id', ${raw(f)}.user_id,
    'created_at', ${raw(iso(`${f}.created_at`))}, 'updated_at', ${raw(iso(`${f}.updated_at`))})`;

/** `files` of a profile or an organization: [the avatar] or [] (files row `f`, LEFT JOINed). */
export const filesOf = (f: string, publicUrl: string) =>
  Prisma.sql`CASE WHEN ${raw(f)}.id IS NULL THEN '[]'::json ELSE json_build_array(${fileJson(f, publicUrl)}) END`;

/** toAccount of users row `u`: id, name, e-mail and avatar URL. */
export const account = (u: string, publicUrl: string) =>
  Prisma.sql`json_build_object('id', ${raw(u)}.id, 'name', ${raw(u)}.name, 'email', ${raw(u)}.email,
    'avatar_url', ${fileUrl(`${u}.avatar_file_id`, publicUrl)})`;

/** {id, name, email} of users row `u`, or NULL when the row is missing (a LEFT JOIN). */
export const person = (u: string) =>
  raw(`CASE WHEN ${u}.id IS NULL THEN NULL
    ELSE json_build_object('id', ${u}.id, 'name', ${u}.name, 'email', ${u}.email) END`);

/** Whether users row `u` is a site admin. */
export const isAdminSql = (u: string) => raw(`${u}.type_id = ${USER_TYPE_ADMIN}`);

/** A page of a list as one row: the total and the page's items, built by the statement. */
export interface PageRow<T> {
  total: number;
  items: T[];
}
