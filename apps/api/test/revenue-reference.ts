import { BASIC_PLAN_ID, type Revenue } from '@cabinet/contracts';
import type { Db } from '../src/plugins/db/database';

// The revenue dashboard's statement over the orders themselves, as it was before the rollup (decision 0155;
// replaced by decision 0171): the reference the rollup's answer must equal, byte for byte, in
// apps/api/src/modules/billing/revenue-rollup.test.ts. It reads every real paid order of the window, which
// is why it is not the product's any more; it is kept here as the definition of every figure.

export async function referenceRevenue(
  db: Db,
  now: Date,
  months: number,
  graceDays: number,
): Promise<Revenue> {
  const grace = `${graceDays} days`;
  const [row] = await db.$queryRaw<{ revenue: Revenue }[]>`
    WITH
    bounds AS (
      SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC') - make_interval(months => ${months}::int - 1) AS first_month,
             (EXTRACT(YEAR FROM ${now}::timestamptz AT TIME ZONE 'UTC') * 12 + EXTRACT(MONTH FROM ${now}::timestamptz AT TIME ZONE 'UTC'))::int - ${months}::int + 1 AS first_index
    ),
    window_start AS (SELECT first_month AT TIME ZONE 'UTC' AS at FROM bounds),
    month_list AS (
      SELECT i, (SELECT first_month FROM bounds) + make_interval(months => i) AS m FROM generate_series(0, ${months}::int - 1) AS i
    ),
    revenue AS (
      SELECT date_trunc('month', o.paid_at AT TIME ZONE 'UTC') AS m, SUM(o.amount) AS amount, COUNT(*)::int AS payments
      FROM payment_orders o
      WHERE o.status = 'paid' AND NOT o.test AND o.paid_at >= (SELECT at FROM window_start)
      GROUP BY 1
    ),
    terms AS MATERIALIZED (
      SELECT t.user_id, t.plan_id, t.term_start, t.term_end,
             GREATEST(0, (EXTRACT(YEAR FROM t.term_start AT TIME ZONE 'UTC') * 12
                          + EXTRACT(MONTH FROM t.term_start AT TIME ZONE 'UTC'))::int - (SELECT first_index FROM bounds)) AS lo,
             LEAST(${months}::int - 1, CASE WHEN t.term_end IS NULL THEN ${months}::int ELSE
               (EXTRACT(YEAR FROM (t.term_end - interval '1 millisecond') AT TIME ZONE 'UTC') * 12
                + EXTRACT(MONTH FROM (t.term_end - interval '1 millisecond') AT TIME ZONE 'UTC'))::int
               - (SELECT first_index FROM bounds) END) AS hi
      FROM (
        SELECT o.user_id, o.plan_id, COALESCE(o.term_start, o.paid_at) AS term_start,
               CASE WHEN o.superseded_at IS NOT NULL THEN LEAST(o.granted_until, o.superseded_at)
                    ELSE o.granted_until + ${grace}::interval END AS term_end
        FROM payment_orders o
        WHERE o.status = 'paid' AND NOT o.test AND o.user_id IS NOT NULL AND o.plan_id <> ${BASIC_PLAN_ID}
          AND o.granted_until > (SELECT at FROM window_start) - ${grace}::interval
        UNION ALL
        SELECT o.user_id, o.plan_id, COALESCE(o.term_start, o.paid_at), o.superseded_at
        FROM payment_orders o
        WHERE o.status = 'paid' AND NOT o.test AND o.user_id IS NOT NULL AND o.plan_id <> ${BASIC_PLAN_ID}
          AND o.granted_until IS NULL
      ) t
      WHERE t.term_end IS NULL OR t.term_end > (SELECT at FROM window_start)
    ),
    masks AS (
      SELECT user_id, plan_id, bit_or(((1::bigint << (hi - lo + 1)) - 1) << lo) AS mask
      FROM terms WHERE lo <= hi
      GROUP BY user_id, plan_id
    ),
    paying_now AS (
      SELECT DISTINCT user_id, plan_id FROM terms
      WHERE term_start <= ${now}::timestamptz AND (term_end IS NULL OR term_end > ${now}::timestamptz)
    ),
    by_plan_month AS (
      SELECT ml.m, k.plan_id, COUNT(*)::int AS paying_users
      FROM masks k JOIN month_list ml ON (k.mask >> ml.i) & 1 = 1
      GROUP BY ml.m, k.plan_id
    ),
    week_list AS (
      SELECT generate_series(date_trunc('week', (SELECT first_month FROM bounds)), date_trunc('week', ${now}::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS w
    ),
    new_users AS (
      SELECT date_trunc('week', u.created_at AT TIME ZONE 'UTC') AS w, COUNT(*)::int AS count
      FROM users u
      WHERE u.created_at >= date_trunc('week', (SELECT first_month FROM bounds)) AT TIME ZONE 'UTC'
      GROUP BY 1
    )
    SELECT json_build_object(
      'by_month', (SELECT json_agg(json_build_object('month', to_char(ml.m, 'YYYY-MM'),
                     'amount', to_char(COALESCE(r.amount, 0), 'FM9999999999990.00'), 'payments', COALESCE(r.payments, 0))
                     ORDER BY ml.m) FROM month_list ml LEFT JOIN revenue r ON r.m = ml.m),
      'by_plan', (SELECT COALESCE(json_agg(json_build_object('plan_id', pl.id, 'name', pl.name,
                     'paying_users', (SELECT COUNT(*) FROM paying_now pn WHERE pn.plan_id = pl.id)) ORDER BY pl.id), '[]'::json)
                     FROM plans pl WHERE pl.id <> ${BASIC_PLAN_ID}),
      'by_plan_month', (SELECT COALESCE(json_agg(json_build_object('month', to_char(m, 'YYYY-MM'),
                     'plan_id', plan_id, 'paying_users', paying_users) ORDER BY m, plan_id), '[]'::json) FROM by_plan_month),
      'new_users_by_week', (SELECT json_agg(json_build_object('week', to_char(wl.w, 'YYYY-MM-DD'),
                     'count', COALESCE(nu.count, 0)) ORDER BY wl.w) FROM week_list wl LEFT JOIN new_users nu ON nu.w = wl.w),
      'paying_users', (SELECT COUNT(DISTINCT user_id)::int FROM paying_now),
      'total_users', (SELECT COUNT(*)::int FROM users),
      'renewals_next_30_days', (SELECT COUNT(*)::int FROM users u
          WHERE u.plan_id <> ${BASIC_PLAN_ID} AND u.plan_expires_at >= ${now}::timestamptz AND u.plan_expires_at < ${now}::timestamptz + interval '30 days'
            AND EXISTS (SELECT 1 FROM payment_orders o
                        WHERE o.user_id = u.id AND o.plan_id = u.plan_id AND o.status = 'paid' AND NOT o.test
                          AND o.granted_until = u.plan_expires_at))
    ) AS revenue`;
  if (!row) throw new Error('revenue query returned no row');
  return row.revenue;
}
