import { performance } from 'node:perf_hooks';
import type pg from 'pg';

// The bulk fill: plain SQL with generate_series (decision 0110). Row i of every table is a pure function
// of i, so two runs at one size hold the same data. Owners, members, payers and sessions are spread over
// the users by multiplying with a prime that shares no factor with the user count (a permutation), so
// that neighbouring rows do not belong to neighbouring users.

export interface Shape {
  users: number;
  organizations: number;
  /** Members per bulk organization, the owner included. */
  perOrganization: number;
  files: number;
  payments: number;
  sessions: number;
  /** Admins: every adminStep-th user (a few). */
  adminStep: number;
}

export function shapeFor(users: number): Shape {
  return {
    users,
    organizations: Math.max(1, Math.floor(users / 10)),
    perOrganization: 10,
    files: users,
    payments: users,
    // Other people's sessions, so that the session lookup of every call reads a realistic index.
    sessions: Math.floor(users / 2),
    adminStep: Math.max(2, Math.floor(users / 5)),
  };
}

/** The smallest prime ≥ start that does not divide n (so x ↦ x·p mod n is a permutation). */
export function coprimePrime(n: number, start: number): number {
  const isPrime = (p: number) => {
    for (let d = 2; d * d <= p; d++) if (p % d === 0) return false;
    return p > 1;
  };
  for (let p = start; ; p++) if (isPrime(p) && n % p !== 0) return p;
}

export type Step = (name: string, run: () => Promise<unknown>) => Promise<void>;

export function stepTimer(times: { name: string; seconds: number }[], log: (line: string) => void): Step {
  return async (name, run) => {
    const t0 = performance.now();
    await run();
    const seconds = (performance.now() - t0) / 1000;
    times.push({ name, seconds });
    log(`  ${name}: ${seconds.toFixed(1)} s`);
  };
}

const USERS = `
INSERT INTO users (id, email, name, email_verified_at, type_id, plan_id, plan_expires_at, vault_key,
                   blocked_at, created_at, updated_at)
SELECT i,
       'user' || i || '.' || substr(md5(i::text), 1, 8) || '@example' || (i % 97) || '.com',
       (ARRAY['Анна','Иван','Мария','Пётр','Ольга','Сергей','Елена','Дмитрий'])[1 + i % 8] || ' ' ||
         substr(md5((i * 7)::text), 1, 10),
       CASE WHEN i % 20 = 0 THEN NULL ELSE c + interval '5 minutes' END,
       CASE WHEN i % $2::int = 0 THEN 2 ELSE 1 END,
       CASE WHEN i % 20 IN (1, 2, 3) THEN 2 WHEN i % 20 = 4 THEN 3 ELSE 1 END,
       CASE WHEN i % 20 BETWEEN 1 AND 4 THEN now() + ((i % 90) - 30) * interval '1 day' END,
       decode(md5(i::text), 'hex'),
       CASE WHEN i % 1000 = 999 THEN now() - interval '1 day' END,
       c, c
FROM generate_series(1, $1::int) AS i,
     LATERAL (SELECT now() - interval '730 days' * (1 - i::float8 / $1::int) AS c) t`;

// File j belongs to user j; every fifth is a re-encoded avatar image, the rest private uploads.
const FILES = `
INSERT INTO files (id, user_id, name, original_name, disk, extension, "group", hash, mime, path, size, sort,
                   created_at, updated_at)
SELECT j, j, h || '.' || ext,
       CASE WHEN avatar THEN 'photo-' ELSE 'document-' END || j || '.' || ext,
       'local', ext, CASE WHEN avatar THEN 'avatar' ELSE 'default' END, h || md5(h),
       CASE WHEN avatar THEN 'image/jpeg' ELSE 'application/pdf' END,
       CASE WHEN avatar THEN 'images/' ELSE 'uploads/' END || substr(h, 1, 2) || '/' || h || '.' || ext,
       20000 + j % 80000, 0, c, c
FROM generate_series(1, $1::int) AS j,
     LATERAL (SELECT md5('file' || j) AS h, j % 5 = 0 AS avatar,
                     CASE WHEN j % 5 = 0 THEN 'jpg' ELSE 'pdf' END AS ext,
                     now() - interval '700 days' * (1 - j::float8 / $1::int) AS c) t`;

const AVATARS = `UPDATE users SET avatar_file_id = id WHERE id % 5 = 0 AND id <= $1::int`;

const ORGANIZATIONS = `
INSERT INTO organizations (id, name, type_id, owner_id, created_at, updated_at)
SELECT o, (ARRAY['Команда','Студия','Отдел','Проект','Бюро'])[1 + o % 5] || ' ' || substr(md5('org' || o), 1, 12),
       1 + o % 3, ((o - 1)::bigint * $4::int * $3::int % $1::int) + 1, c, c
FROM generate_series(1, $2::int) AS o,
     LATERAL (SELECT now() - interval '720 days' * (1 - o::float8 / $2::int) AS c) t`;

// Row x is member x % per of organization x / per + 1: the first is its owner (type 1), the others
// type 2, one in ten of them a pending join request.
const MEMBERS = `
INSERT INTO members (id, organization_id, user_id, type_id, status, auto_linked, created_at, updated_at)
SELECT x + 1, x / $4::int + 1, (x::bigint * $3::int % $1::int) + 1,
       CASE WHEN x % $4::int = 0 THEN 1 ELSE 2 END,
       (CASE WHEN x % $4::int <> 0 AND (x / $4::int + x % $4::int) % 10 = 0 THEN 'pending' ELSE 'active' END)::member_status,
       false, c, c
FROM generate_series(0, $2::int * $4::int - 1) AS x,
     LATERAL (SELECT least(now(), now() - interval '720 days' * (1 - (x / $4::int + 1)::float8 / $2::int)
                                  + (x % $4::int) * interval '1 hour') AS c) t`;

// Over two years, seven in ten paid; plans 'Про' (2) and 'Корп' (3) at their prices.
const PAYMENTS = `
INSERT INTO payment_orders (id, label, user_id, plan_id, period, method, amount, status, paid_at, granted_until,
                            created_at, updated_at)
SELECT k, md5('order' || k), ((k - 1)::bigint * $3::int % $1::int) + 1, plan,
       (CASE WHEN yearly THEN 'year' ELSE 'month' END)::payment_period,
       CASE WHEN k % 3 = 0 THEN 'sbp' ELSE 'mir' END,
       CASE WHEN plan = 2 THEN (CASE WHEN yearly THEN 9504.00 ELSE 990.00 END)
            ELSE (CASE WHEN yearly THEN 28704.00 ELSE 2990.00 END) END,
       (CASE WHEN paid THEN 'paid' ELSE 'pending' END)::payment_order_status,
       CASE WHEN paid THEN c + interval '2 minutes' END,
       CASE WHEN paid THEN c + CASE WHEN yearly THEN interval '1 year' ELSE interval '1 month' END END,
       c, c
FROM generate_series(1, $2::int) AS k,
     LATERAL (SELECT 2 + k % 2 AS plan, k % 4 = 0 AS yearly, k % 10 < 7 AS paid,
                     now() - interval '1 second' * ((k::bigint * 7919) % (730 * 86400)) AS c) t`;

const SESSIONS = `
INSERT INTO sessions (id, user_id, token_hash, created_at, last_used_at, expires_at)
SELECT s, ((s - 1)::bigint * $3::int % $1::int) + 1, sha256(convert_to('bench-session-' || s, 'UTF8')),
       now() - interval '10 days', now() - (s % 20) * interval '1 day', now() + interval '170 days'
FROM generate_series(1, $2::int) AS s`;

export const FILLED_TABLES = ['users', 'files', 'organizations', 'members', 'payment_orders', 'sessions'];

export async function fillBulk(client: pg.Client, shape: Shape, step: Step) {
  const n = shape.users;
  const memberPrime = coprimePrime(n, 7919);
  await step(`users (${n.toLocaleString('en')})`, () => client.query(USERS, [n, shape.adminStep]));
  await step(`files (${shape.files.toLocaleString('en')})`, () => client.query(FILES, [shape.files]));
  await step('users.avatar_file_id (every fifth user)', () => client.query(AVATARS, [shape.files]));
  await step(`organizations (${shape.organizations.toLocaleString('en')})`, () =>
    client.query(ORGANIZATIONS, [n, shape.organizations, memberPrime, shape.perOrganization]),
  );
  await step(`members (${(shape.organizations * shape.perOrganization).toLocaleString('en')})`, () =>
    client.query(MEMBERS, [n, shape.organizations, memberPrime, shape.perOrganization]),
  );
  await step(`payment_orders (${shape.payments.toLocaleString('en')})`, () =>
    client.query(PAYMENTS, [n, shape.payments, coprimePrime(n, 104_729)]),
  );
  await step(`sessions (${shape.sessions.toLocaleString('en')})`, () =>
    client.query(SESSIONS, [n, shape.sessions, coprimePrime(n, 15_485_863)]),
  );
}
