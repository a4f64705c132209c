import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createOrganization, startAppWithAdminAndUser, type TestUser } from '../../../test/factories';
import { recordStatements, type Statement } from '../../../test/statements';

// Issue 12: at 100 thousand accounts (10 thousand organizations, 100 thousand members, orders and audit
// events, filled with generate_series) each call's statement reads the index meant for it and never
// scans a large table whole (docs/decisions/0118-one-statement-lists.md). Plans, not timings.

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let organizationId: number;
let avatarId: number;

const N = 100_000;
const LARGE = ['users', 'organizations', 'members', 'payment_orders', 'audit_events', 'files', 'sessions'];

/**
 * Bulk load on one connection: secondary indexes dropped and made again after the load, and triggers
 * skipped (session_replication_role, a superuser's, as the tests' PostgreSQL user is), then the counters
 * recounted with the operator's repair function, as after any load that bypasses triggers.
 */
async function fill() {
  const client = await t.database.pool.connect();
  const sql = (text: string) => client.query(text);
  try {
    await sql("SET session_replication_role = replica; SET maintenance_work_mem = '256MB'");
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i WHERE i.indrelid = ANY($1::regclass[]) AND NOT i.indisprimary AND NOT i.indisunique`,
      [LARGE],
    );
    for (const index of indexes) await sql(`DROP INDEX ${index.name}`);
    // Row i of each table is a function of i; 19 accounts in 20 are verified.
    await sql(`INSERT INTO users (email, name, email_verified_at, vault_key, created_at)
      SELECT 'plan' || i || '@fill.test', 'Имя ' || i, CASE WHEN i % 20 = 0 THEN NULL ELSE now() END,
        '\\x00', now() - i * interval '1 minute'
      FROM generate_series(1, ${N}) i`);
    await sql(`CREATE TEMPORARY TABLE filled AS
      SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email LIKE '%@fill.test'`);
    await sql(`INSERT INTO files (user_id, name, original_name, extension, "group", hash, mime, path, size)
      SELECT f.id, 'f' || f.n, 'f' || f.n || '.png', 'png', 'avatar', md5(f.n::text), 'image/png',
        'images/fill/' || f.n || '.png', 100
      FROM filled f WHERE f.n % 10 = 0`);
    await sql(`UPDATE users u SET avatar_file_id = fl.id FROM files fl
      WHERE fl.user_id = u.id AND fl.path LIKE 'images/fill/%'`);
    // Ten members each (the owner first); one in ten a pending join request.
    await sql(`INSERT INTO organizations (name, type_id, owner_id, created_at)
      SELECT 'Организация ' || f.n / 10, 2, f.id, now() - f.n * interval '1 second'
      FROM filled f WHERE f.n % 10 = 0`);
    await sql(`INSERT INTO members (organization_id, user_id, type_id, status)
      SELECT o.id, m.id, CASE WHEN m.id = o.owner_id THEN 1 ELSE 2 END,
        CASE WHEN m.n % 10 = 5 THEN 'pending'::member_status ELSE 'active'::member_status END
      FROM filled m JOIN filled ow ON ow.n = ((m.n + 9) / 10) * 10 JOIN organizations o ON o.owner_id = ow.id`);
    await sql(`INSERT INTO payment_orders (label, user_id, plan_id, period, method, amount, status, created_at)
      SELECT 'fill-' || f.n, f.id, 2, 'month', 'AC', 990,
        CASE WHEN f.n % 10 < 7 THEN 'paid'::payment_order_status ELSE 'pending'::payment_order_status END,
        now() - f.n * interval '1 minute'
      FROM filled f`);
    await sql(`INSERT INTO audit_events (at, actor_id, actor_name, actor_email, action, organization_id, details)
      SELECT now() - i * interval '1 minute', i % 1000 + 1, 'Имя', 'a@fill.test', 'organization.updated',
        CASE WHEN i % 3 = 0 THEN NULL ELSE (SELECT min(id) FROM organizations) + i % 10000 END, '{}'
      FROM generate_series(1, ${N}) i`);
    for (const index of indexes) await sql(index.definition);
    await sql('DROP TABLE filled; RESET session_replication_role');
    await sql('SELECT * FROM recount_counters()');
    await sql(`VACUUM ANALYZE ${LARGE.join(', ')}`);
  } finally {
    client.release();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The plan nodes of the call's own statement (not the session's), as EXPLAIN gives them. */
async function planOf(url: string, who: TestUser | null, expected = 200): Promise<PlanNode[]> {
  let status = 0;
  const { statements } = await recordStatements(async () => {
    status = (await t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} })).statusCode;
  });
  expect(status, url).toBe(expected);
  const own = statements.filter((s: Statement) => !/\bsessions\b/.test(s.text));
  expect(own, url).toHaveLength(1);
  const [statement] = own as [Statement];
  const { rows } = await t.database.pool.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  return nodesOf(rows[0]['QUERY PLAN'][0].Plan);
}

const indexesOf = (nodes: PlanNode[]) => new Set(nodes.flatMap((n) => n['Index Name'] ?? []));
const wholeScans = (nodes: PlanNode[]) =>
  nodes.filter((n) => n['Node Type'] === 'Seq Scan' && LARGE.includes(n['Relation Name'] ?? ''));

async function expectPlan(url: string, who: TestUser | null, indexes: string[], expected = 200) {
  const nodes = await planOf(url, who, expected);
  expect(wholeScans(nodes), url).toEqual([]);
  expect([...indexesOf(nodes)], url).toEqual(expect.arrayContaining(indexes));
}

beforeAll(async () => {
  ({ t, admin, user: owner } = await startAppWithAdminAndUser());
  organizationId = (await createOrganization(t, owner)).id;
  await fill();
  avatarId = (await t.prisma.user.findFirstOrThrow({ where: { avatarFileId: { not: null } } }))
    .avatarFileId as number;
  await t.prisma.paymentOrder.createMany({
    data: Array.from({ length: 24 }, (_, i) => ({
      label: `owner-${i}`,
      userId: owner.id,
      planId: 2,
      period: 'month' as const,
      method: 'AC',
      amount: '990.00',
      status: 'paid' as const,
    })),
  });
}, 120_000);

afterAll(() => t?.close());

describe('plans at 100 thousand accounts', () => {
  it('the admin user lists: the primary key, or the trigram indexes when searching', async () => {
    await expectPlan('/api/v1/rest/profile/list?page=1&perPage=20', admin, ['users_pkey', 'counters_pkey']);
    await expectPlan('/api/v1/rest/profile/list?search=plan12345&page=1&perPage=20', admin, [
      'users_email_trgm_idx',
      'users_name_trgm_idx',
    ]);
    await expectPlan('/api/v1/rest/profile/search?search=plan12345&perPage=20', admin, [
      'users_email_trgm_idx',
      'users_name_trgm_idx',
    ]);
  });

  it('the admin organizations list: the sort column index, the members of each in display order', async () => {
    await expectPlan('/api/v1/rest/organizations/list?page=1&perPage=20', admin, [
      'organizations_created_at_idx',
      'counters_pkey',
      'users_pkey',
    ]);
    await expectPlan(
      `/api/v1/rest/organizations/list?search=${encodeURIComponent('Организация 123')}&perPage=20`,
      admin,
      ['organizations_name_trgm_idx'],
    );
  }, 30_000);

  it('the admin counts read the counters only', async () => {
    for (const what of ['users', 'organizations']) {
      const nodes = await planOf(`/api/v1/rest/admin/${what}-count`, admin);
      expect(nodes.filter((n) => LARGE.includes(n['Relation Name'] ?? ''))).toEqual([]);
    }
  });

  it("a person's payment history, the audit pages (a deep one too) and an avatar", async () => {
    await expectPlan('/api/v1/rest/payments?page=1&perPage=10&status=paid', owner, [
      'payment_orders_user_id_created_at_idx',
    ]);
    await expectPlan('/api/v1/rest/admin/audit?perPage=20', admin, ['audit_events_at_id_idx']);
    const cursor = await deepCursor();
    await expectPlan(`/api/v1/rest/admin/audit?perPage=20&cursor=${cursor}`, admin, [
      'audit_events_at_id_idx',
    ]);
    await expectPlan(`/api/v1/rest/organizations/${organizationId}/audit?perPage=20`, owner, [
      'audit_events_organization_id_at_id_idx',
    ]);
    // The filled rows have no stored bytes: the row is found public, then the missing object is a 404.
    await expectPlan(
      `/api/v1/files/download/${avatarId}`,
      null,
      ['files_pkey', 'users_avatar_file_id_key', 'organizations_avatar_file_id_key'],
      404,
    );
  }, 30_000);
});

/** The cursor nine tenths down the whole log, as 'Показать ещё' pressed many times would reach. */
async function deepCursor() {
  const [row] = await t.prisma.$queryRaw<{ at: Date; id: bigint }[]>`
    SELECT at, id FROM audit_events ORDER BY at DESC, id DESC OFFSET ${Math.floor(N * 0.9)} LIMIT 1`;
  const { encodeAuditCursor } = await import('@cabinet/contracts');
  return encodeAuditCursor({ atMs: row!.at.getTime(), id: Number(row!.id) });
}
