import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { startAppWithAdminAndUser, type TestUser } from '../../../test/factories';
import { recordStatements, type Statement } from '../../../test/statements';

// Issues 12 and 15: at 100 thousand accounts and 100 thousand payment orders over two years (filled with
// generate_series, the revenue rollup rebuilt after the load as the bench does), the billing screens' calls
// are one statement each and read their indexes: the dashboard only the rollup (decision 0171), never the
// orders or the accounts; the admins' payments list the index of its sort and filter; a receipt its key.
// Plans, not timings.

let t: TestApp;
let admin: TestUser;
let payer: TestUser;
let receiptId: number;

const N = 100_000;
const LARGE = ['users', 'payment_orders'];

async function fill() {
  const client = await t.database.pool.connect();
  const sql = (text: string) => client.query(text);
  try {
    await sql('SET session_replication_role = replica');
    await sql(`INSERT INTO users (email, name, email_verified_at, vault_key, plan_id, plan_expires_at, created_at)
      SELECT 'bill' || i || '@fill.test', 'Имя ' || i, now(), '\\x00',
        CASE WHEN i % 5 = 0 THEN 2 ELSE 1 END, CASE WHEN i % 5 = 0 THEN now() + (i % 60) * interval '1 day' END,
        now() - i * interval '10 minutes'
      FROM generate_series(1, ${N}) i`);
    // Seven in ten paid, a month or a year each, one in fifty in the sandbox.
    await sql(`INSERT INTO payment_orders (label, user_id, plan_id, period, method, amount, status, test, paid_at,
        granted_until, created_at)
      SELECT 'bill-' || i, u.id, 2 + i % 2, CASE WHEN i % 4 = 0 THEN 'year' ELSE 'month' END::payment_period, 'mir',
        990, CASE WHEN i % 10 < 7 THEN 'paid' ELSE 'pending' END::payment_order_status, i % 50 = 0,
        CASE WHEN i % 10 < 7 THEN c END,
        CASE WHEN i % 10 < 7 THEN c + CASE WHEN i % 4 = 0 THEN interval '1 year' ELSE interval '1 month' END END, c
      FROM generate_series(1, ${N}) i
      JOIN LATERAL (SELECT now() - (i * 7919 % 730) * interval '1 day' - i * interval '1 second' AS c) t ON true
      JOIN users u ON u.email = 'bill' || i || '@fill.test'`);
    await sql('RESET session_replication_role');
    await sql('SELECT * FROM recount_counters()');
    await sql('SELECT * FROM recount_revenue()');
    await sql(
      'VACUUM ANALYZE users, payment_orders, revenue_events, revenue_buckets, revenue_months, user_weeks',
    );
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
async function planOf(url: string, who: TestUser): Promise<PlanNode[]> {
  let status = 0;
  const { statements } = await recordStatements(async () => {
    status = (await t.app.inject({ method: 'GET', url, headers: who.headers })).statusCode;
  });
  expect(status, url).toBe(200);
  const own = statements.filter((s: Statement) => !/\bsessions\b/.test(s.text));
  expect(own, url).toHaveLength(1);
  const [statement] = own as [Statement];
  const { rows } = await t.database.pool.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  return nodesOf(rows[0]['QUERY PLAN'][0].Plan);
}

const relationsOf = (nodes: PlanNode[]) => new Set(nodes.flatMap((n) => n['Relation Name'] ?? []));
const indexesOf = (nodes: PlanNode[]) => new Set(nodes.flatMap((n) => n['Index Name'] ?? []));
const wholeScans = (nodes: PlanNode[]) =>
  nodes.filter((n) => n['Node Type'] === 'Seq Scan' && LARGE.includes(n['Relation Name'] ?? ''));

async function expectPlan(url: string, who: TestUser, indexes: string[]) {
  const nodes = await planOf(url, who);
  expect(wholeScans(nodes), url).toEqual([]);
  expect([...indexesOf(nodes)], url).toEqual(expect.arrayContaining(indexes));
}

beforeAll(async () => {
  ({ t, admin, user: payer } = await startAppWithAdminAndUser());
  await fill();
  receiptId = (
    await t.prisma.paymentOrder.create({
      data: {
        label: 'plans-receipt',
        userId: payer.id,
        planId: 2,
        period: 'month',
        method: 'mir',
        amount: '990.00',
        status: 'paid',
        paidAt: new Date(),
      },
    })
  ).id;
}, 180_000);

afterAll(() => t?.close());

describe('billing plans at 100 thousand orders', () => {
  it('the revenue dashboard reads the rollup only, by its keys', async () => {
    const nodes = await planOf('/api/v1/rest/admin/revenue?months=12', admin);
    const relations = relationsOf(nodes);
    expect([...relations].filter((r) => LARGE.includes(r))).toEqual([]);
    expect([...indexesOf(nodes)]).toEqual(
      expect.arrayContaining(['revenue_buckets_pkey', 'revenue_events_series_at_idx', 'counters_pkey']),
    );
    expect(
      nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'revenue_events'),
    ).toEqual([]);
  });

  it("the admins' payments list: the sort's index, or the filter's; the counter when unfiltered", async () => {
    await expectPlan('/api/v1/rest/admin/payments?page=1&perPage=20', admin, [
      'payment_orders_created_at_idx',
      'counters_pkey',
    ]);
    await expectPlan('/api/v1/rest/admin/payments?page=1&perPage=20&plan_id=2&status=paid', admin, [
      'payment_orders_plan_id_status_created_at_idx',
    ]);
    await expectPlan('/api/v1/rest/admin/payments?page=1&perPage=20&test=true', admin, [
      'payment_orders_test_created_at_idx',
    ]);
    await expectPlan('/api/v1/rest/admin/payments?page=1&perPage=20&status=refund', admin, [
      'payment_refunds_order_id_idx',
    ]);
    await expectPlan('/api/v1/rest/admin/payments?page=1&perPage=20&from=2026-01-01&to=2026-01-31', admin, [
      'payment_orders_created_at_idx',
    ]);
  }, 30_000);

  it('a receipt: the order by its key', async () => {
    await expectPlan(`/api/v1/rest/payments/${receiptId}/receipt`, payer, ['payment_orders_pkey']);
  });
});
