import { BASIC_PLAN_ID, type Revenue } from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../lib/context';
import { counterSql } from '../../lib/counters';
import { readRows } from '../../lib/sql';

// 'Показать тестовые платежи' on a test-mode server (issue 34, rule 8; decision 0242): the dashboard's
// figures over the sandbox's paid orders only, so an admin sees the charts before going live. Test orders
// are few, so this reads payment_orders directly (the rollup of decision 0171 counts live orders only and
// stays so). The same shape and rules as the live figures: a user pays while a paid order's term covers
// the moment, its grace period included, and until a switch superseded it. New accounts and the total are
// the live ones (accounts are not test or live).

const testRevenueSql = (now: Date, months: number, graceDays: number) => Prisma.sql`
    WITH
    bounds AS (
      SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC') - make_interval(months => ${months}::int - 1) AS first_month
    ),
    month_list AS (
      SELECT (SELECT first_month FROM bounds) + make_interval(months => i) AS m FROM generate_series(0, ${months}::int - 1) AS i
    ),
    orders AS (
      SELECT o.user_id, o.plan_id, o.amount, o.paid_at AT TIME ZONE 'UTC' AS paid,
             COALESCE(o.term_start, o.paid_at) AS span_start,
             COALESCE(o.superseded_at, o.granted_until + make_interval(days => ${graceDays}::int)) AS span_end,
             o.granted_until
      FROM payment_orders o
      WHERE o.test AND o.status = 'paid' AND o.paid_at IS NOT NULL AND o.user_id IS NOT NULL
    ),
    paying_now AS (
      SELECT DISTINCT user_id, plan_id FROM orders WHERE span_start <= ${now}::timestamptz AND span_end > ${now}::timestamptz
    ),
    week_list AS (
      SELECT generate_series(date_trunc('week', (SELECT first_month FROM bounds)), date_trunc('week', ${now}::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS w
    ),
    new_users AS (
      SELECT uw.week, SUM(uw.count)::int AS count FROM user_weeks uw
      WHERE uw.week >= date_trunc('week', (SELECT first_month FROM bounds))::date GROUP BY uw.week
    ),
    latest AS (
      SELECT DISTINCT ON (user_id) user_id, granted_until FROM orders ORDER BY user_id, granted_until DESC NULLS LAST
    )
    SELECT json_build_object(
      'by_month', (SELECT json_agg(json_build_object('month', to_char(ml.m, 'YYYY-MM'),
                     'amount', to_char(COALESCE((SELECT SUM(amount) FROM orders WHERE date_trunc('month', paid) = ml.m), 0), 'FM9999999999990.00'),
                     'payments', (SELECT COUNT(*) FROM orders WHERE date_trunc('month', paid) = ml.m)::int) ORDER BY ml.m) FROM month_list ml),
      'by_plan', (SELECT COALESCE(json_agg(json_build_object('plan_id', pl.id, 'name', pl.name,
                     'paying_users', (SELECT COUNT(DISTINCT user_id) FROM paying_now pn WHERE pn.plan_id = pl.id)::int) ORDER BY pl.id), '[]'::json)
                     FROM plans pl WHERE pl.id <> ${BASIC_PLAN_ID}),
      'by_plan_month', (SELECT COALESCE(json_agg(json_build_object('month', to_char(x.m, 'YYYY-MM'), 'plan_id', x.plan_id,
                     'paying_users', x.n) ORDER BY x.m, x.plan_id), '[]'::json)
                     FROM (SELECT ml.m, o.plan_id, COUNT(DISTINCT o.user_id)::int AS n FROM month_list ml
                           JOIN orders o ON o.span_start < (ml.m + interval '1 month') AT TIME ZONE 'UTC' AND o.span_end > ml.m AT TIME ZONE 'UTC'
                           GROUP BY ml.m, o.plan_id) x),
      'new_users_by_week', (SELECT json_agg(json_build_object('week', to_char(wl.w, 'YYYY-MM-DD'),
                     'count', COALESCE(nu.count, 0)) ORDER BY wl.w) FROM week_list wl LEFT JOIN new_users nu ON nu.week = wl.w::date),
      'paying_users', (SELECT COUNT(DISTINCT user_id) FROM paying_now)::int,
      'total_users', ${counterSql('users')},
      'renewals_next_30_days', (SELECT COUNT(*) FROM latest
                     WHERE granted_until > ${now}::timestamptz AND granted_until <= ${now}::timestamptz + interval '30 days')::int
    ) AS revenue`;

/** The dashboard's figures over test payments only, for the `months` months up to `now`'s. */
export async function getTestRevenue(ctx: RequestContext, months: number): Promise<Revenue> {
  const [row] = await readRows<{ revenue: Revenue }>(
    ctx.pool,
    testRevenueSql(ctx.now, months, ctx.config.PLAN_GRACE_DAYS),
  );
  if (!row) throw new Error('test revenue query returned no row');
  return row.revenue;
}
