import { BASIC_PLAN_ID, filesEndpoints, USER_TYPE_ADMIN } from '@cabinet/contracts';
import { Prisma } from '../generated/prisma/client';
import { JsonText } from './sql';

/** What the plan in force depends on besides the user (plans.mapper PlanClock; a RequestContext fits). */
type PlanClock = { now: Date; config: { PLAN_GRACE_DAYS: number } };

// The answers of the screens' calls built inside PostgreSQL (json_build_object), one statement per call
// (issue 12, decision 0114). Each fragment writes exactly what the mapper of the same entity writes
// (files.mapper toFileDto, plans.mapper toPlanDto, organizations.mapper toAccount …); the route tests and
// json-sql.test.ts hold them equal. Table aliases are code, never input; values are always parameters.

const raw = Prisma.raw;

/**
 * A fragment builder whose result depends only on its arguments (table aliases, PUBLIC_URL), built once per
 * arguments: the hot reads compose their statements on every request, and rebuilding these constant parts
 * was a measurable share of a short call's allocations (decision 0178). Aliases are code, so the cache
 * stays as small as the number of call sites.
 */
function constant<A extends string[]>(build: (...args: A) => Prisma.Sql): (...args: A) => Prisma.Sql {
  const built = new Map<string, Prisma.Sql>();
  return (...args: A) => {
    const key = args.join('\u0000');
    let fragment = built.get(key);
    if (!fragment) {
      fragment = build(...args);
      built.set(key, fragment);
    }
    return fragment;
  };
}

/** Where a stored file is downloaded from: this and its id (files.mapper fileDownloadPath). */
const FILE_DOWNLOAD_BASE = filesEndpoints.download.path.replace('{file_id}', '');

/** Date.prototype.toISOString() of a timestamptz(3), in SQL (NULL stays NULL). */
export const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

let lastMoment: { time: number; sql: Prisma.Sql } = { time: Number.NaN, sql: Prisma.empty };

/**
 * A moment as a parameter: every "now" of a verb is ctx.now, so tests can move it. Sent as ISO text with
 * its 'Z' (Prisma's adapter sends a Date without its zone), so the server's TimeZone setting cannot shift it.
 */
export const at = (moment: Date): Prisma.Sql => {
  // A statement names ctx.now several times: the last moment's fragment is reused rather than formatted
  // again (toISOString was ~1 % of a short call's CPU). Keyed by the instant, so a moved clock is seen.
  const time = moment.getTime();
  if (time !== lastMoment.time) lastMoment = { time, sql: Prisma.sql`${moment.toISOString()}::timestamptz` };
  return lastMoment.sql;
};

/** {id, code, name} of a type row (user, organization, member type). */
export const typeRef = constant((t: string) =>
  raw(`json_build_object('id', ${t}.id, 'code', ${t}.code, 'name', ${t}.name)`),
);

/**
 * The plan in force for users row `u` (plans.mapper effectivePlanId): past its end and its grace period
 * (PLAN_GRACE_DAYS, decision 0153), 'Базовый'.
 */
export const effectivePlanId = (u: string, clock: PlanClock) =>
  Prisma.sql`CASE WHEN ${raw(u)}.plan_expires_at IS NOT NULL
      AND ${raw(u)}.plan_expires_at + make_interval(days => ${clock.config.PLAN_GRACE_DAYS}::int) <= ${at(clock.now)}
    THEN ${BASIC_PLAN_ID}::int ELSE ${raw(u)}.plan_id END`;

/** plans.mapper graceUntil in SQL: the grace period's end while the clock is inside it, else NULL. */
export const graceUntil = (u: string, clock: PlanClock) => {
  const end = `${u}.plan_expires_at + make_interval(days => ${Number(clock.config.PLAN_GRACE_DAYS)})`;
  return Prisma.sql`CASE WHEN ${raw(u)}.plan_id <> ${BASIC_PLAN_ID}::int AND ${raw(u)}.plan_expires_at <= ${at(clock.now)}
      AND ${raw(end)} > ${at(clock.now)} THEN ${raw(iso(end))} END`;
};

/** toPlanDto of plans row `p`. */
export const planJson = constant((p: string) =>
  raw(`json_build_object('id', ${p}.id, 'name', ${p}.name, 'description', ${p}.description,
    'price_month', ${p}.price_month::text, 'price_year', ${p}.price_year::text,
    'max_members', ${p}.max_members, 'max_organizations', ${p}.max_organizations,
    'support_type_id', ${p}.support_type_id, 'sso', ${p}.sso, 'created_at', ${iso(`${p}.created_at`)},
    'updated_at', ${iso(`${p}.updated_at`)})`),
);

/** The download URL of the file whose id is `idExpr` (NULL when it is NULL). */
export const fileUrl = constant(
  (idExpr: string, publicUrl: string) =>
    Prisma.sql`(${`${publicUrl}${FILE_DOWNLOAD_BASE}`}::text || ${raw(idExpr)})`,
);

/** toFileDto of files row `f`. */
export const fileJson = constant(
  (f: string, publicUrl: string) =>
    Prisma.sql`json_build_object('id', ${raw(f)}.id, 'name', ${raw(f)}.name,
    'original_name', ${raw(f)}.original_name, 'alt', ${raw(f)}.alt, 'description', ${raw(f)}.description,
    'disk', ${raw(f)}.disk, 'extension', ${raw(f)}.extension, 'group', ${raw(f)}."group",
    'hash', ${raw(f)}.hash, 'mime', ${raw(f)}.mime, 'path', ${raw(f)}.path,
    'relative_url', ${FILE_DOWNLOAD_BASE}::text || ${raw(f)}.id, 'size', ${raw(f)}.size,
    'sort', ${raw(f)}.sort, 'url', ${fileUrl(`${f}.id`, publicUrl)}, 'user_id', ${raw(f)}.user_id,
    'created_at', ${raw(iso(`${f}.created_at`))}, 'updated_at', ${raw(iso(`${f}.updated_at`))})`,
);

/** `files` of a profile or an organization: [the avatar] or [] (files row `f`, LEFT JOINed). */
export const filesOf = constant(
  (f: string, publicUrl: string) =>
    Prisma.sql`CASE WHEN ${raw(f)}.id IS NULL THEN '[]'::json ELSE json_build_array(${fileJson(f, publicUrl)}) END`,
);

/** toAccount of users row `u`: id, name, e-mail and avatar URL. */
export const account = constant(
  (u: string, publicUrl: string) =>
    Prisma.sql`json_build_object('id', ${raw(u)}.id, 'name', ${raw(u)}.name, 'email', ${raw(u)}.email,
    'avatar_url', ${fileUrl(`${u}.avatar_file_id`, publicUrl)})`,
);

/** {id, name, email} of users row `u`, or NULL when the row is missing (a LEFT JOIN). */
export const person = constant((u: string) =>
  raw(`CASE WHEN ${u}.id IS NULL THEN NULL
    ELSE json_build_object('id', ${u}.id, 'name', ${u}.name, 'email', ${u}.email) END`),
);

/** Whether users row `u` is a site admin. */
export const isAdminSql = constant((u: string) => raw(`${u}.type_id = ${USER_TYPE_ADMIN}`));

/** A page of a list as one row: the total and the page's items, written as JSON by the statement. */
export interface PageRow<T> {
  total: number;
  items: JsonText<T[]>;
}

/** The items of an empty page, as the statements write them. */
export const NO_ITEMS = new JsonText<never[]>('[]');
