import { AUDIT_ACTIONS, type AuditAction, encodeAuditCursor } from '@cabinet/contracts';
import type pg from 'pg';
import { coprimePrime, type Shape, type Step } from './bulk';

// audit_events (prisma/migrations/20261127145000_audit_events; decision 0145): 10 events per user, spread
// over two years, with the product's action codes and their target types. Two in three belong to an
// organization (the 'Журнал' of an organization lists those); the actor is a user, a few are the system's.
// The table refuses UPDATE and DELETE (a trigger) but not INSERT, so the bulk load goes straight in.

export const AUDIT_TABLE = 'audit_events';
const EVENTS_PER_USER = 10;
const CHUNK = 1_000_000;
const TWO_YEARS_S = 730 * 86_400;

const ACTIONS = Object.keys(AUDIT_ACTIONS) as AuditAction[];
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

export async function auditTableExists(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = $1`,
    [AUDIT_TABLE],
  );
  return rows.length > 0;
}

/**
 * Rows $3..$4 of the fill: $1 users, $2 organizations; `actor` and `organization` are SQL of row e. Each
 * row is a function of e, so two runs hold the same data; the newest row is a second before the fill.
 */
function insertSql(actor: string, organization: string): string {
  const action = `(${sqlArray(ACTIONS)})[1 + e % ${ACTIONS.length}]`;
  const target = `(${sqlArray(ACTIONS.map((a) => AUDIT_ACTIONS[a]))})[1 + e % ${ACTIONS.length}]`;
  return `INSERT INTO ${AUDIT_TABLE}
      (at, actor_id, actor_name, actor_email, action, target_type, target_id, organization_id, ip, details)
    SELECT now() - interval '1 second' * (1 + (e * 7919) % ${TWO_YEARS_S}),
           a.id, CASE WHEN a.id IS NULL THEN NULL ELSE 'Пользователь ' || a.id END,
           CASE WHEN a.id IS NULL THEN NULL ELSE 'user' || a.id || '@bench.example' END,
           ${action}, ${target}, (e % $1::int)::int + 1, ${organization},
           '10.' || e % 250 || '.' || e % 199 || '.' || e % 97,
           jsonb_build_object('name', 'Объект ' || e % 1000)
    FROM generate_series($3::bigint, $4::bigint) AS e
    CROSS JOIN LATERAL (SELECT CASE WHEN e % 50 = 0 THEN NULL ELSE ${actor} END AS id) a
    WHERE $1::int > 0 AND $2::int > 0`;
}

/** 10 events per user, in chunks of a million (load it without its indexes: run-size.ts). */
export async function fillAuditEvents(client: pg.Client, shape: Shape, step: Step) {
  const total = shape.users * EVENTS_PER_USER;
  const prime = coprimePrime(shape.users, 7_919);
  const bulk = insertSql(
    `((e * ${prime}) % $1::int)::int + 1`,
    `CASE WHEN e % 3 = 0 THEN NULL ELSE ((e * 104729) % $2::int)::int + 1 END`,
  );
  await step(`${AUDIT_TABLE} (${total.toLocaleString('en')})`, async () => {
    for (let from = 1; from <= total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK - 1);
      await client.query(bulk, [shape.users, shape.organizations, from, to]);
    }
  });
}

/** 200 events of the persona in their own organization, for that organization's 'Журнал'. */
export async function addPersonaAuditEvents(
  client: pg.Client,
  shape: Shape,
  persona: { userId: number; organizationId: number },
) {
  const own = insertSql(`${persona.userId}`, `${persona.organizationId}`);
  const first = shape.users * EVENTS_PER_USER + 1;
  await client.query(own, [shape.users, shape.organizations, first, first + 199]);
}

/**
 * The cursor of a deep page of /admin/audit: the keyset position nine tenths of the way down the log,
 * as the API encodes it (what 'Показать ещё' sends after many pages).
 */
export async function deepAuditCursor(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ ms: string; id: string }>(
    `SELECT (extract(epoch FROM at) * 1000)::bigint AS ms, id FROM ${AUDIT_TABLE}
     ORDER BY at, id OFFSET (SELECT count(*) / 10 FROM ${AUDIT_TABLE}) LIMIT 1`,
  );
  const row = rows[0];
  if (!row) throw new Error(`${AUDIT_TABLE} is empty`);
  return encodeAuditCursor({ atMs: Number(row.ms), id: Number(row.id) });
}
