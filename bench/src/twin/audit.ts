import type http from 'node:http';
import type pg from 'pg';

// The twin's audit calls (issue 14): an organization's log for its owner or an admin, and the admin's
// whole log, keyset pages newest first. One statement each, the page and its next-page cursor built in
// PostgreSQL, the (at, id) row comparison on the product's indexes.

const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const fields = `'id', e.id, 'at', ${iso('e.at')},
  'actor', CASE WHEN e.actor_id IS NULL THEN NULL ELSE json_build_object('id', e.actor_id,
    'name', COALESCE(e.actor_name, ''), 'email', COALESCE(e.actor_email, '')) END,
  'action', e.action, 'target_type', e.target_type, 'target_id', e.target_id,
  'organization_id', e.organization_id`;
/** The admins' event; an organization's 'Журнал' has no client address anywhere in it (decision 0193). */
const adminEvent = `json_build_object(${fields}, 'ip', e.ip, 'details', e.details)`;
const organizationEvent = `json_build_object(${fields},
  'details', e.details - ARRAY['ip', 'user_agent', 'userAgent', 'device'])`;

/** $1 limit (perPage + 1), $2 cursor time or NULL, $3 cursor id, [$4 organization]. */
const page = (where: string, event: string) => `
  WITH rows AS (
    SELECT * FROM audit_events e
    WHERE ${where} ($2::timestamptz IS NULL OR (e.at, e.id) < ($2::timestamptz, $3::bigint))
    ORDER BY e.at DESC, e.id DESC LIMIT $1),
  shown AS (SELECT * FROM rows ORDER BY at DESC, id DESC LIMIT $1 - 1)
  SELECT COALESCE((SELECT json_agg(${event} ORDER BY e.at DESC, e.id DESC) FROM shown e), '[]'::json)::text AS data,
    (SELECT count(*) FROM rows) = $1 AS more,
    (SELECT json_build_object('ms', (extract(epoch FROM at) * 1000)::bigint, 'id', id)
       FROM shown ORDER BY at, id LIMIT 1) AS last`;

export const auditSql = {
  admin: page('', adminEvent),
  organization: page('e.organization_id = $4 AND', organizationEvent),
  /** $1 organization, $2 viewer, $3 admin: the owner, an active organization admin (type 3) or a site admin. */
  access: `SELECT $3::boolean OR o.owner_id = $2 OR EXISTS (SELECT 1 FROM members m
      WHERE m.organization_id = o.id AND m.user_id = $2 AND m.status = 'active' AND m.type_id = 3) AS allowed
    FROM organizations o WHERE o.id = $1`,
};

interface Deps {
  pool: pg.Pool;
  authenticate(req: http.IncomingMessage): Promise<{ userId: number; isAdmin: boolean }>;
  requireAdmin(req: http.IncomingMessage): Promise<unknown>;
  /** Throws the answer of a refusal. */
  refuse(status: number, code: string, message: string): never;
}

/** 'v1.<ms>.<id>' in base64url, as the API makes it. */
function decodeCursor(token: string | null): [string | null, string | null] {
  if (!token) return [null, null];
  const match = /^v1\.(\d{1,15})\.(\d{1,16})$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match) return [null, null];
  return [new Date(Number(match[1])).toISOString(), match[2] ?? null];
}

const encodeCursor = (last: { ms: string | number; id: string | number }) =>
  Buffer.from(`v1.${last.ms}.${last.id}`).toString('base64url');

async function listPage(
  deps: Deps,
  statement: string,
  q: URLSearchParams,
  message: string,
  extra: unknown[],
) {
  const perPage = Math.min(100, Math.max(1, Number(q.get('perPage') ?? 20) || 20));
  const { rows } = await deps.pool.query(statement, [
    perPage + 1,
    ...decodeCursor(q.get('cursor')),
    ...extra,
  ]);
  const row = rows[0];
  const next = row.more && row.last ? encodeCursor(row.last) : null;
  return `{"success":true,"message":${JSON.stringify(message)},"data":${row.data},"meta":${JSON.stringify({
    perPage,
    next_cursor: next,
  })}}`;
}

type Route = (req: http.IncomingMessage, q: URLSearchParams, match: RegExpMatchArray) => Promise<string>;

export function auditRoutes(deps: Deps): [RegExp, Route][] {
  return [
    [
      /^\/api\/v1\/rest\/organizations\/(\d+)\/audit$/,
      async (req, q, match) => {
        const viewer = await deps.authenticate(req);
        const organizationId = Number(match[1]);
        const { rows } = await deps.pool.query(auditSql.access, [
          organizationId,
          viewer.userId,
          viewer.isAdmin,
        ]);
        if (!rows[0]?.allowed) deps.refuse(404, 'NOT_FOUND', 'Организация не найдена');
        return listPage(deps, auditSql.organization, q, 'Журнал организации', [organizationId]);
      },
    ],
    [
      /^\/api\/v1\/rest\/admin\/audit$/,
      async (req, q) => {
        await deps.requireAdmin(req);
        return listPage(deps, auditSql.admin, q, 'Журнал', []);
      },
    ],
  ];
}
