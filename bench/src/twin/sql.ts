// The twin's SQL: one statement per call after the session lookup, each answering the product's JSON
// (keys, values, order of rows) built inside PostgreSQL, written around the product's own indexes.

const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** toISOString() of a timestamptz, in SQL (NULL stays NULL). */
const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The plan in force: past its end date and the grace period (PLAN_GRACE_DAYS, 3 by default, as the bench
 * starts the product) a user is on 'Базовый' (plans.mapper.ts effectivePlanId).
 */
const effectivePlan = (u: string) =>
  `CASE WHEN ${u}.plan_expires_at IS NOT NULL AND ${u}.plan_expires_at + interval '3 days' <= now() THEN 1 ELSE ${u}.plan_id END`;

/** profile/me's subscribe_grace_until: the grace period's end while inside it. */
const graceUntil = (u: string) =>
  `CASE WHEN ${u}.plan_id <> 1 AND ${u}.plan_expires_at <= now() AND ${u}.plan_expires_at + interval '3 days' > now()
     THEN ${iso(`${u}.plan_expires_at + interval '3 days'`)} END`;

/**
 * An exact count the product keeps in its counters table (decision 0117): the twin reads the same rows,
 * as hand-written SQL on that schema would.
 */
const counter = (name: string) =>
  `(SELECT COALESCE(sum(value), 0)::int FROM counters WHERE name = '${name}')`;

const typeRef = (t: string) => `json_build_object('id', ${t}.id, 'code', ${t}.code, 'name', ${t}.name)`;

const planJson = (
  p: string,
) => `json_build_object('id', ${p}.id, 'name', ${p}.name, 'description', ${p}.description,
  'price_month', ${p}.price_month::text, 'price_year', ${p}.price_year::text, 'max_members', ${p}.max_members,
  'max_organizations', ${p}.max_organizations, 'support_type_id', ${p}.support_type_id, 'sso', ${p}.sso,
  'created_at', ${iso(`${p}.created_at`)}, 'updated_at', ${iso(`${p}.updated_at`)})`;

export function twinSql(publicUrl: string) {
  const download = lit(`${publicUrl}/api/v1/files/download/`);
  const avatarUrl = (u: string) =>
    `CASE WHEN ${u}.avatar_file_id IS NULL THEN NULL ELSE ${download} || ${u}.avatar_file_id END`;
  const fileJson = (f: string) => `json_build_object('id', ${f}.id, 'name', ${f}.name,
    'original_name', ${f}.original_name, 'alt', ${f}.alt, 'description', ${f}.description, 'disk', ${f}.disk,
    'extension', ${f}.extension, 'group', ${f}."group", 'hash', ${f}.hash, 'mime', ${f}.mime, 'path', ${f}.path,
    'relative_url', '/api/v1/files/download/' || ${f}.id, 'size', ${f}.size, 'sort', ${f}.sort,
    'url', ${download} || ${f}.id, 'user_id', ${f}.user_id,
    'created_at', ${iso(`${f}.created_at`)}, 'updated_at', ${iso(`${f}.updated_at`)})`;
  const filesOf = (f: string) =>
    `CASE WHEN ${f}.id IS NULL THEN '[]'::json ELSE json_build_array(${fileJson(f)}) END`;
  const account = (u: string) =>
    `json_build_object('id', ${u}.id, 'name', ${u}.name, 'email', ${u}.email, 'avatar_url', ${avatarUrl(u)})`;
  const memberJson = (m: string, u: string, t: string) => `json_build_object('id', ${m}.id,
    'account', ${account(u)}, 'account_id', ${m}.user_id, 'organization_id', ${m}.organization_id,
    'type_id', ${m}.type_id, 'type', ${typeRef(t)}, 'status', ${m}.status, 'public_key', ${m}.public_key,
    'auto_linked', ${m}.auto_linked, 'created_at', ${iso(`${m}.created_at`)}, 'updated_at', ${iso(`${m}.updated_at`)})`;
  /** Fields every organization answer shares (organizations.mapper.ts organizationFields). */
  const organizationFields = (viewer: string) => `'id', o.id, 'name', o.name, 'type', ${typeRef('t')},
    'type_id', o.type_id, 'owner_id', o.owner_id, 'is_your', o.owner_id = ${viewer}, 'members_count', mc.n,
    'remaining_members', greatest(0, p.max_members - mc.n - oi.n), 'files', ${filesOf('f')},
    'created_at', ${iso('o.created_at')}, 'updated_at', ${iso('o.updated_at')}`;
  const organizationJoins = `JOIN organization_types t ON t.id = o.type_id
    JOIN users ow ON ow.id = o.owner_id
    JOIN plans p ON p.id = ${effectivePlan('ow')}
    LEFT JOIN files f ON f.id = o.avatar_file_id
    CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM members WHERE organization_id = o.id) mc
    CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM invitations
      WHERE organization_id = o.id AND status = 'pending' AND expires_at > now()) oi`;
  /** An invitation (invitations.mapper.ts toInvitationDto); `i` joined with its organization `io` and inviter `ib`. */
  const invitationJson = `json_build_object('id', i.id, 'organization_id', i.organization_id,
    'organization', json_build_object('id', io.id, 'name', io.name), 'email', i.email, 'type_id', i.type_id,
    'status', CASE WHEN i.status = 'pending' AND i.expires_at <= now() THEN 'expired' ELSE i.status::text END,
    'invited_by', CASE WHEN ib.id IS NULL THEN NULL
      ELSE json_build_object('id', ib.id, 'name', ib.name, 'email', ib.email) END,
    'created_at', ${iso('i.created_at')}, 'sent_at', ${iso('i.sent_at')}, 'expires_at', ${iso('i.expires_at')})`;
  const invitationJoins = `JOIN organizations io ON io.id = i.organization_id LEFT JOIN users ib ON ib.id = i.invited_by_id`;
  /** A page of invitations matching `where` (over `i`), newest first; $2 limit, $3 offset after $1. */
  const invitationPage = (where: string, guard = 'TRUE') => `
    SELECT (SELECT count(*) FROM invitations i WHERE ${where})::int AS total,
      COALESCE((SELECT json_agg(${invitationJson} ORDER BY i.created_at DESC, i.id DESC)
        FROM (SELECT * FROM invitations i WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) i
        ${invitationJoins}), '[]'::json)::text AS data
    WHERE ${guard}`;
  const preview = `json_build_object('id', mm.id, 'account_id', mm.user_id, 'name', mu.name, 'email', mu.email,
    'avatar_url', ${avatarUrl('mu')}, 'type_id', mm.type_id, 'status', mm.status)`;

  /** The home list ($1 viewer: owned or active member) or the admin list (all, with the owner). */
  const organizationList = (scope: 'mine' | 'all') => `
    WITH ${
      scope === 'mine'
        ? `ids AS (SELECT id FROM organizations WHERE owner_id = $1
                   UNION SELECT organization_id FROM members WHERE user_id = $1 AND status = 'active'),
           page AS (SELECT * FROM organizations WHERE id IN (SELECT id FROM ids)
                    ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3)`
        : `page AS (SELECT * FROM organizations ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3)`
    }
    SELECT ${scope === 'mine' ? '(SELECT count(*) FROM ids)::int' : counter('organizations')} AS total,
      COALESCE(json_agg(json_build_object(${organizationFields('$1')}, 'members', pv.list
        ${scope === 'all' ? `, 'owner', json_build_object('id', ow.id, 'name', ow.name, 'email', ow.email)` : ''})
        ORDER BY o.created_at DESC, o.id DESC), '[]'::json)::text AS data
    FROM page o ${organizationJoins}
    CROSS JOIN LATERAL (
      SELECT COALESCE(json_agg(${preview} ORDER BY mm.type_id, mm.id), '[]'::json) AS list
      FROM (SELECT * FROM members WHERE organization_id = o.id ORDER BY type_id, id LIMIT 5) mm
      JOIN users mu ON mu.id = mm.user_id) pv`;

  const userItem = `json_build_object('id', u.id, 'name', u.name, 'email', u.email,
    'email_verified_at', ${iso('u.email_verified_at')}, 'type_id', u.type_id, 'type', ${typeRef('t')},
    'subscribe_id', ${effectivePlan('u')}, 'avatar_url', ${avatarUrl('u')}, 'blocked', u.blocked_at IS NOT NULL,
    'created_at', ${iso('u.created_at')}, 'updated_at', ${iso('u.updated_at')})`;
  const searchItem = `json_build_object('id', u.id, 'email', u.email, 'name', u.name)`;
  /** Admin user lists; `hits` is the matching ids ($1 the ILIKE pattern or the id), $2 limit, $3 offset. */
  const userPage = (item: string, filter: 'none' | 'text' | 'id') =>
    filter === 'none'
      ? `SELECT ${counter('users')} AS total,
           COALESCE((SELECT json_agg(${item} ORDER BY u.id)
             FROM (SELECT * FROM users ORDER BY id LIMIT $2 OFFSET $3) u JOIN user_types t ON t.id = u.type_id),
             '[]'::json)::text AS data
         WHERE $1::text IS NULL`
      : `WITH hits AS MATERIALIZED (SELECT id FROM users WHERE ${
          filter === 'id' ? 'id = $1::int' : 'email ILIKE $1 OR name ILIKE $1'
        })
         SELECT (SELECT count(*) FROM hits)::int AS total,
           COALESCE((SELECT json_agg(${item} ORDER BY u.id)
             FROM (SELECT * FROM users WHERE id IN (SELECT id FROM hits) ORDER BY id LIMIT $2 OFFSET $3) u
             JOIN user_types t ON t.id = u.type_id), '[]'::json)::text AS data`;

  return {
    /** $1 token hash. Expired, idle (30 days) and blocked sessions find nothing. */
    session: `SELECT s.id, s.last_used_at < now() - interval '60 seconds' AS stale, u.id AS user_id,
        u.type_id = 2 AS is_admin
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_used_at > now() - interval '30 days'
        AND u.blocked_at IS NULL`,
    touch: 'UPDATE sessions SET last_used_at = now() WHERE id = $1',
    me: `SELECT json_build_object('id', u.id, 'name', u.name, 'email', u.email,
        'email_verified_at', ${iso('u.email_verified_at')}, 'files', ${filesOf('f')},
        'pending_email', (SELECT ec.email FROM email_changes ec WHERE ec.user_id = u.id
          AND ec.expires_at > now() AND ec.attempts < 5),
        'org_members', COALESCE((SELECT json_agg(json_build_object('id', m.id, 'organization_id', m.organization_id,
            'type_id', m.type_id, 'status', m.status) ORDER BY m.id) FROM members m WHERE m.user_id = u.id), '[]'::json),
        'subscribe', ${planJson('p')}, 'subscribe_id', p.id,
        'subscribe_expires_at', CASE WHEN p.id = u.plan_id THEN ${iso('u.plan_expires_at')} END,
        'subscribe_grace_until', ${graceUntil('u')},
        'type_id', u.type_id, 'type', ${typeRef('t')}, 'is_admin', u.type_id = 2, 'blocked', u.blocked_at IS NOT NULL,
        'created_at', ${iso('u.created_at')}, 'updated_at', ${iso('u.updated_at')})::text AS data
      FROM users u JOIN user_types t ON t.id = u.type_id JOIN plans p ON p.id = ${effectivePlan('u')}
      LEFT JOIN files f ON f.id = u.avatar_file_id
      WHERE u.id = $1`,
    myOrganizations: organizationList('mine'),
    allOrganizations: organizationList('all'),
    /** $1 viewer, $2 organization, $3 admin: active members and admins read it. */
    organization: `SELECT json_build_object(${organizationFields('$1')},
        'members', COALESCE((SELECT json_agg(${memberJson('m', 'mu', 'mt')} ORDER BY m.type_id, m.id)
          FROM members m JOIN users mu ON mu.id = m.user_id JOIN member_types mt ON mt.id = m.type_id
          WHERE m.organization_id = o.id), '[]'::json),
        'transfer', (SELECT json_build_object('id', tr.id, 'organization_id', tr.organization_id,
            'from_user_id', tr.from_user_id, 'to_user_id', tr.to_user_id, 'status', tr.status,
            'expires_at', ${iso('tr.expires_at')})
          FROM ownership_transfers tr
          WHERE tr.organization_id = o.id AND tr.status = 'pending' AND tr.expires_at > now() LIMIT 1))::text AS data
      FROM organizations o ${organizationJoins}
      WHERE o.id = $2 AND ($3::boolean OR EXISTS (
        SELECT 1 FROM members WHERE organization_id = o.id AND user_id = $1 AND status = 'active'))`,
    /** $1 viewer (must be an active member), $2 organization, $3 limit, $4 offset. */
    collaborators: `WITH shown AS (SELECT m.* FROM members m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = $2 AND u.email_verified_at IS NOT NULL)
      SELECT (SELECT count(*) FROM shown)::int AS total,
        COALESCE((SELECT json_agg(${memberJson('m', 'mu', 'mt')} ORDER BY m.type_id, m.id)
          FROM (SELECT * FROM shown ORDER BY type_id, id LIMIT $3 OFFSET $4) m
          JOIN users mu ON mu.id = m.user_id JOIN member_types mt ON mt.id = m.type_id), '[]'::json)::text AS data
      WHERE EXISTS (SELECT 1 FROM members WHERE organization_id = $2 AND user_id = $1 AND status = 'active')`,
    /** Join requests to the organizations $1 owns or administers (type 1 or 3); $2 limit, $3 offset. */
    pendingUsers: `WITH pending AS (
        SELECT m.id, m.organization_id, m.user_id, m.requested_by_id, m.created_at, o.name AS organization_name
        FROM members mine JOIN organizations o ON o.id = mine.organization_id
        JOIN members m ON m.organization_id = o.id AND m.status = 'pending'
        WHERE mine.user_id = $1 AND mine.status = 'active' AND mine.type_id IN (1, 3))
      SELECT (SELECT count(*) FROM pending)::int AS total,
        COALESCE((SELECT json_agg(json_build_object('id', pm.id,
            'organization', json_build_object('id', pm.organization_id, 'name', pm.organization_name),
            'account', ${account('u')}, 'requested_by', CASE WHEN rb.id IS NULL THEN NULL
              ELSE json_build_object('id', rb.id, 'name', rb.name, 'email', rb.email) END,
            'created_at', ${iso('pm.created_at')}) ORDER BY pm.id)
          FROM (SELECT * FROM pending ORDER BY id LIMIT $2 OFFSET $3) pm JOIN users u ON u.id = pm.user_id
          LEFT JOIN users rb ON rb.id = pm.requested_by_id),
          '[]'::json)::text AS data`,
    /** $1 viewer: the open invitations to their verified e-mail; $2 limit, $3 offset. */
    myInvitations:
      invitationPage(`i.email = (SELECT email FROM users WHERE id = $1 AND email_verified_at IS NOT NULL)
      AND i.status = 'pending' AND i.expires_at > now()`),
    /**
     * $1 organization, $4 viewer, $5 admin: the open and expired invitations ('pending,expired', what the
     * cabinet asks for) to the owner, its organization admins and site admins; $2 limit, $3 offset.
     */
    organizationInvitations: invitationPage(
      `i.organization_id = $1 AND i.status IN ('pending', 'expired')`,
      `$5::boolean OR EXISTS (SELECT 1 FROM members WHERE organization_id = $1 AND user_id = $4
        AND status = 'active' AND type_id IN (1, 3))`,
    ),
    /** $1 viewer: the open ownership offers made to them, newest first; $2 limit, $3 offset (GET /transfers). */
    myTransfers: `WITH open AS (SELECT * FROM ownership_transfers
        WHERE to_user_id = $1 AND status = 'pending' AND expires_at > now())
      SELECT (SELECT count(*) FROM open)::int AS total,
        COALESCE((SELECT json_agg(json_build_object('id', tr.id, 'organization_id', tr.organization_id,
            'from_user_id', tr.from_user_id, 'to_user_id', tr.to_user_id, 'status', tr.status,
            'expires_at', ${iso('tr.expires_at')}, 'organization', json_build_object('id', o.id, 'name', o.name),
            'from_user', json_build_object('id', fu.id, 'name', fu.name, 'email', fu.email))
            ORDER BY tr.created_at DESC, tr.id DESC)
          FROM (SELECT * FROM open ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) tr
          JOIN organizations o ON o.id = tr.organization_id JOIN users fu ON fu.id = tr.from_user_id),
          '[]'::json)::text AS data`,
    /** $1 the link token's stored hash: the invitation and whether it is still open. */
    invitationByToken: `SELECT ${invitationJson}::text AS data,
        (i.status = 'pending' AND i.expires_at > now()) AS open
      FROM invitations i ${invitationJoins} WHERE i.token_hash = $1`,
    /** $1 limit, $2 offset; by id ascending (what the cabinet asks for). */
    plans: `SELECT (SELECT count(*) FROM plans)::int AS total,
        COALESCE((SELECT json_agg(${planJson('p')} ORDER BY p.id)
          FROM (SELECT * FROM plans ORDER BY id LIMIT $1 OFFSET $2) p), '[]'::json)::text AS data`,
    /** The caller's orders with status $2, newest first; $3 limit, $4 offset. */
    payments: `SELECT (SELECT count(*) FROM payment_orders WHERE user_id = $1 AND status = $2::payment_order_status)::int AS total,
        COALESCE((SELECT json_agg(json_build_object('id', po.id, 'label', po.label,
            'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', po.period, 'method', po.method,
            'amount', po.amount::text, 'status', po.status, 'paid_at', ${iso('po.paid_at')},
            'granted_until', ${iso('po.granted_until')}, 'created_at', ${iso('po.created_at')}, 'test', po.test,
            'provider', po.provider, 'refunded_amount', po.refunded_amount::text)
            ORDER BY po.created_at DESC, po.id DESC)
          FROM (SELECT * FROM payment_orders WHERE user_id = $1 AND status = $2::payment_order_status
                ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) po JOIN plans pl ON pl.id = po.plan_id),
          '[]'::json)::text AS data`,
    userList: {
      none: userPage(userItem, 'none'),
      text: userPage(userItem, 'text'),
      id: userPage(userItem, 'id'),
    },
    userSearch: {
      none: userPage(searchItem, 'none'),
      text: userPage(searchItem, 'text'),
      id: userPage(searchItem, 'id'),
    },
    usersCount: `SELECT json_build_object('count', ${counter('users')},
      'unverified', ${counter('users_unverified')})::text AS data`,
    organizationsCount: `SELECT json_build_object('count', ${counter('organizations')})::text AS data`,
    plansCount: `SELECT json_build_object('count', count(*)::int)::text AS data FROM plans`,
    /** $1 file id: what the download needs, and whether it is someone's avatar. */
    download: `SELECT f.path, f.mime, f.size, f.hash, f.original_name, f.user_id,
        (f."group" = 'avatar' OR EXISTS (SELECT 1 FROM users WHERE avatar_file_id = f.id)
          OR EXISTS (SELECT 1 FROM organizations WHERE avatar_file_id = f.id)) AS is_avatar
      FROM files f WHERE f.id = $1`,
  };
}

export type TwinSql = ReturnType<typeof twinSql>;
