import { BASIC_PLAN_ID, type Revenue } from '@cabinet/contracts';
import type pg from 'pg';
import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../lib/context';
import { counterSql } from '../../lib/counters';
import { readRows } from '../../lib/sql';

// The 'Выручка' dashboard (decisions 0155, 0171): every figure comes from this one statement over the
// rollup that triggers keep in the transactions that change the orders, the plans of the accounts and the
// accounts (migration revenue_rollup), so it reads a few hundred rows however many orders there are, and
// answers what the statement over the orders answered. Months and weeks are UTC. Test payments (decision
// 0090) are left out everywhere: a user counts as paying while a real paid order's term covers the moment,
// its grace period included; time after a switch superseded an order does not count.
//   by_month: revenue_months. by_plan_month: the 'months' series (+1 at the first month of a run of months
// an account paid for a plan, -1 after it) summed up to each month. paying_users and by_plan: the 'paying'
// series (its spans per plan, and per account for any plan, plan 0) summed up to now. renewals: the
// 'renewals' series between now and 30 days on. new_users_by_week: user_weeks. total_users: the counter.

interface Row {
  revenue: Revenue;
  grace_ok: boolean;
}

const revenueSql = (now: Date, months: number, graceDays: number) => Prisma.sql`
    WITH
    bounds AS (
      SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC') - make_interval(months => ${months}::int - 1) AS first_month
    ),
    month_list AS (
      SELECT (SELECT first_month FROM bounds) + make_interval(months => i) AS m FROM generate_series(0, ${months}::int - 1) AS i
    ),
    revenue AS (
      SELECT r.month, SUM(r.amount) AS amount, SUM(r.payments)::int AS payments
      FROM revenue_months r
      WHERE r.month >= (SELECT first_month FROM bounds)::date
      GROUP BY r.month
    ),
    paying_now AS MATERIALIZED (SELECT plan_id, total FROM revenue_total('paying', ${now}::timestamptz + interval '1 microsecond')),
    by_plan_month AS (
      SELECT ml.m, b.plan_id, SUM(b.delta)::int AS paying_users
      FROM month_list ml
      JOIN revenue_buckets b ON b.series = 'months' AND b.width = 'month' AND b.at <= ml.m AT TIME ZONE 'UTC'
      GROUP BY ml.m, b.plan_id
      HAVING SUM(b.delta) > 0
    ),
    week_list AS (
      SELECT generate_series(date_trunc('week', (SELECT first_month FROM bounds)), date_trunc('week', ${now}::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS w
    ),
    new_users AS (
      SELECT uw.week, SUM(uw.count)::int AS count
      FROM user_weeks uw
      WHERE uw.week >= date_trunc('week', (SELECT first_month FROM bounds))::date
      GROUP BY uw.week
    )
    SELECT json_build_object(
      'by_month', (SELECT json_agg(json_build_object('month', to_char(ml.m, 'YYYY-MM'),
                     'amount', to_char(COALESCE(r.amount, 0), 'FM9999999999990.00'), 'payments', COALESCE(r.payments, 0))
                     ORDER BY ml.m) FROM month_list ml LEFT JOIN revenue r ON r.month = ml.m::date),
      'by_plan', (SELECT COALESCE(json_agg(json_build_object('plan_id', pl.id, 'name', pl.name,
                     'paying_users', COALESCE((SELECT pn.total FROM paying_now pn WHERE pn.plan_id = pl.id), 0)::int) ORDER BY pl.id), '[]'::json)
                     FROM plans pl WHERE pl.id <> ${BASIC_PLAN_ID}),
      'by_plan_month', (SELECT COALESCE(json_agg(json_build_object('month', to_char(m, 'YYYY-MM'),
                     'plan_id', plan_id, 'paying_users', paying_users) ORDER BY m, plan_id), '[]'::json) FROM by_plan_month),
      'new_users_by_week', (SELECT json_agg(json_build_object('week', to_char(wl.w, 'YYYY-MM-DD'),
                     'count', COALESCE(nu.count, 0)) ORDER BY wl.w) FROM week_list wl LEFT JOIN new_users nu ON nu.week = wl.w::date),
      'paying_users', COALESCE((SELECT pn.total FROM paying_now pn WHERE pn.plan_id = 0), 0)::int,
      'total_users', ${counterSql('users')},
      'renewals_next_30_days', (COALESCE((SELECT SUM(total) FROM revenue_total('renewals', ${now}::timestamptz + interval '30 days')), 0)
                             - COALESCE((SELECT SUM(total) FROM revenue_total('renewals', ${now}::timestamptz)), 0))::int
    ) AS revenue,
    (SELECT grace = make_interval(days => ${graceDays}::int) FROM revenue_settings) AS grace_ok`;

/**
 * The figures for the `months` months up to the one `now` falls in. `graceDays` is PLAN_GRACE_DAYS: the
 * last term of a plan still counts during its grace period. The rollup was counted with one grace period;
 * when the server's differs (the setting changed), it is rebuilt with the server's first, then read.
 */
export async function computeRevenue(
  pool: pg.Pool,
  now: Date,
  months: number,
  graceDays: number,
): Promise<Revenue> {
  let [row] = await readRows<Row>(pool, revenueSql(now, months, graceDays));
  if (row && !row.grace_ok) {
    await pool.query('SELECT revenue_use_grace($1::int)', [graceDays]);
    [row] = await readRows<Row>(pool, revenueSql(now, months, graceDays));
  }
  if (!row) throw new Error('revenue query returned no row');
  return row.revenue;
}

export const getRevenue = (ctx: RequestContext, months: number) =>
  computeRevenue(ctx.pool, ctx.now, months, ctx.config.PLAN_GRACE_DAYS);
