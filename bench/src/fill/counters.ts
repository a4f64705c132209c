import type pg from 'pg';
import type { Step } from './bulk';

// The product keeps exact counts in a counters table by triggers (decision 0117). The bulk load skips
// triggers (session_replication_role = replica), so the counters are recounted once after it, with the
// product's own repair function, as an operator would after a load of their own.

export async function recountCounters(client: pg.Client, step: Step) {
  const { rows } = await client.query("SELECT to_regproc('recount_counters') IS NOT NULL AS present");
  if (!rows[0]?.present) return;
  await step('counters (recount_counters())', () => client.query('SELECT * FROM recount_counters()'));
}

// The revenue dashboard's rollup (decision 0171) is kept by triggers too: rebuilt once after the load with
// the product's own repair function, after the indexes are back (it reads the orders by account).
export async function recountRevenue(client: pg.Client, step: Step) {
  const { rows } = await client.query("SELECT to_regproc('recount_revenue') IS NOT NULL AS present");
  if (!rows[0]?.present) return;
  await step('revenue rollup (recount_revenue())', async () => {
    await client.query('SELECT * FROM recount_revenue()');
    await client.query('VACUUM (ANALYZE) revenue_months, revenue_events, revenue_buckets, user_weeks');
  });
}
