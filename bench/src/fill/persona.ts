import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Shape } from './bulk';

// The benchmark persona: a signed-in user who owns three organizations with members and join requests,
// is an active member of five others (and has asked to join one more), pays for 'Про' and has two years
// of payments; and an admin. Sessions are rows made here exactly as sign-in makes them: the token's
// SHA-256 in token_hash (apps/api/src/lib/sessions.ts).

export interface Persona {
  userId: number;
  token: string;
  adminId: number;
  adminToken: string;
  /** Owned, with members and pending requests: the organization screens' subject. */
  organizationId: number;
  /** Substring of a few users' e-mail, for the admin searches. */
  search: string;
  /** The link token of an open invitation into the persona's organization (issue 13's link screen). */
  inviteToken: string;
  /** The persona's latest paid order: the printable receipt page's subject (issue 15). */
  paidOrderId: number;
  /** Its label: the YooKassa result page's poll (issue 28). */
  paidOrderLabel: string;
  /** A deep page's cursor of /admin/audit, once audit_events is filled (fill/audit-events.ts). */
  auditCursor?: string;
  /** A 'read' personal access token of the persona (issue 29), made through the API once it runs. */
  accessToken?: string;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest();
/** An invitation's stored token, as apps/api/src/modules/invitations/invitations.mapper.ts makes it. */
const invitationHash = (token: string) => sha256(`invitation:${token}`);
const newToken = () => randomBytes(32).toString('base64url');

async function createSession(client: pg.Client, userId: number): Promise<string> {
  const token = newToken();
  await client.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '180 days')`,
    [userId, sha256(token)],
  );
  return token;
}

async function insertUser(client: pg.Client, email: string, name: string, typeId: number) {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (email, name, email_verified_at, type_id, plan_id, plan_expires_at, vault_key, created_at)
     VALUES ($1, $2, now() - interval '400 days', $3, 2, now() + interval '200 days', $4, now() - interval '400 days')
     RETURNING id`,
    [email, name, typeId, randomBytes(32)],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('persona not created');
  return id;
}

/**
 * Six characters of the e-mail of a user in the middle of the table (bulk e-mails carry the first eight
 * hex digits of md5(id)), with a letter in them: an all-digit search is an id lookup for admins.
 */
export function rareSubstring(users: number): string {
  for (let id = Math.floor(users / 2) + 7; ; id++) {
    const head = createHash('md5').update(String(id)).digest('hex').slice(0, 8);
    for (let start = 0; start <= 2; start++) {
      const text = head.slice(start, start + 6);
      if (/[a-f]/.test(text)) return text;
    }
  }
}

export async function createPersona(client: pg.Client, shape: Shape): Promise<Persona> {
  const n = shape.users;
  const userId = await insertUser(client, 'persona@bench.example', 'Персона Бенча', 1);
  const adminId = await insertUser(client, 'admin@bench.example', 'Админ Бенча', 2);

  const owned: number[] = [];
  for (let k = 1; k <= 3; k++) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO organizations (name, type_id, owner_id, created_at) VALUES ($1, 2, $2, now() - $3 * interval '1 day')
       RETURNING id`,
      [`Персона: команда ${k}`, userId, k * 40],
    );
    const organizationId = rows[0]?.id;
    if (organizationId === undefined) throw new Error('organization not created');
    owned.push(organizationId);
    await client.query(
      `INSERT INTO members (organization_id, user_id, type_id, status, created_at)
       VALUES ($1, $2, 1, 'active', now() - $3 * interval '1 day')`,
      [organizationId, userId, k * 40],
    );
    // Eight members and two join requests, bulk users far apart.
    await client.query(
      `INSERT INTO members (organization_id, user_id, type_id, status, created_at)
       SELECT $1, ((($2::int * 37 + j * 101)::bigint * 7) % $3::int) + 1, 2,
              (CASE WHEN j >= 8 THEN 'pending' ELSE 'active' END)::member_status, now() - (30 - j) * interval '1 day'
       FROM generate_series(0, 9) AS j`,
      [organizationId, k, n],
    );
  }
  // An active member of five bulk organizations spread over the table, and a join request to one more.
  await client.query(
    `INSERT INTO members (organization_id, user_id, type_id, status, created_at)
     SELECT 1 + (i * $2::int) / 7, $1, 2, (CASE WHEN i = 6 THEN 'pending' ELSE 'active' END)::member_status,
            now() - i * interval '20 days'
     FROM generate_series(1, 6) AS i`,
    [userId, shape.organizations],
  );
  // Two years of monthly payments: three in four paid, the others abandoned checkouts.
  await client.query(
    `INSERT INTO payment_orders (label, user_id, plan_id, period, method, amount, status, paid_at, granted_until,
                                 created_at)
     SELECT md5('persona-order' || i), $1, 2, 'month', 'mir', 990.00,
            (CASE WHEN i % 4 = 0 THEN 'pending' ELSE 'paid' END)::payment_order_status,
            CASE WHEN i % 4 <> 0 THEN c + interval '2 minutes' END,
            CASE WHEN i % 4 <> 0 THEN c + interval '1 month' END, c
     FROM generate_series(1, 24) AS i, LATERAL (SELECT now() - i * interval '30 days' AS c) t`,
    [userId],
  );
  // A saved card with auto-renewal on (issue 28): the subscription screen's 'Способ оплаты'.
  await client.query(
    `INSERT INTO saved_payment_methods (user_id, provider_method_id, type, title)
     VALUES ($1, 'bench-method', 'bank_card', 'Bank card *4444')`,
    [userId],
  );
  const { rows: paid } = await client.query<{ id: number; label: string }>(
    `SELECT id, label FROM payment_orders WHERE user_id = $1 AND status = 'paid' ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
  const paidOrderId = paid[0]?.id;
  const paidOrderLabel = paid[0]?.label ?? '';
  if (paidOrderId === undefined) throw new Error('no paid order');
  const organizationId = owned[0];
  if (organizationId === undefined) throw new Error('no organization');
  // Teams (issue 13): three open invitations out of the persona's organization (one of them the link the
  // link screen opens) and, with an older expired one, two invitations to the persona from bulk
  // organizations (home's 'Приглашения').
  const inviteToken = newToken();
  await client.query(
    `INSERT INTO invitations (organization_id, email, type_id, token_hash, invited_by_id, sent_at, expires_at,
                              created_at)
     SELECT $1, 'invitee' || i || '@bench.example', 2, CASE WHEN i = 1 THEN $3::bytea ELSE $4::bytea || i::text::bytea END,
            $2, now() - i * interval '1 hour', now() + interval '7 days' - i * interval '1 hour',
            now() - i * interval '1 hour'
     FROM generate_series(1, 3) AS i`,
    [organizationId, userId, invitationHash(inviteToken), randomBytes(16)],
  );
  await client.query(
    `INSERT INTO invitations (organization_id, email, type_id, token_hash, sent_at, expires_at, created_at)
     SELECT 1 + (i * $1::int) / 5, 'persona@bench.example', 2, $2::bytea || i::text::bytea,
            now() - i * interval '3 days', now() + interval '7 days' - i * interval '3 days',
            now() - i * interval '3 days'
     FROM generate_series(1, 3) AS i`,
    [shape.organizations, randomBytes(16)],
  );
  // An open ownership offer to the persona from the first bulk organization they are an active member of
  // (home's 'Передача организации'), and an older one that was declined.
  await client.query(
    `INSERT INTO ownership_transfers (organization_id, from_user_id, to_user_id, status, expires_at, closed_at,
                                      created_at)
     SELECT o.id, o.owner_id, $1, s.status::transfer_status, now() + s.ends, s.closed, now() - s.age
     FROM (SELECT organization_id FROM members WHERE user_id = $1 AND status = 'active' AND type_id = 2
           ORDER BY organization_id LIMIT 1) m
     JOIN organizations o ON o.id = m.organization_id,
     (VALUES ('pending', interval '6 days', NULL::timestamptz, interval '1 day'),
             ('declined', interval '-20 days', now() - interval '26 days', interval '27 days')) AS s(status, ends, closed, age)`,
    [userId],
  );
  const token = await createSession(client, userId);
  const adminToken = await createSession(client, adminId);
  return {
    userId,
    token,
    adminId,
    adminToken,
    organizationId,
    search: rareSubstring(n),
    inviteToken,
    paidOrderId,
    paidOrderLabel,
  };
}
