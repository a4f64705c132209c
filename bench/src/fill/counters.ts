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
