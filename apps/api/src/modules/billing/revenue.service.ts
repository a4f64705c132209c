import { BASIC_PLAN_ID, type Revenue } from '@cabinet/contracts';
import type { RequestContext } from '../../lib/context';
import type { Db } from '../../plugins/db/database';

// The 'Выручка' dashboard (decision 0155): every figure comes from this one statement, each part of it a
// range scan of an index written for it (migration billing_lifecycle). Months and weeks are UTC. Test
// payments (decision 0090) are left out everywhere: a user counts as paying while a real paid order's term
// covers the moment, its grace period included; time after a switch superseded an order does not count.

interface Row {
  revenue: Revenue;
}

/**
 * The figures for the `months` months up to the one `now` falls in. `graceDays` is PLAN_GRACE_DAYS: the
 * last term of a plan still counts during its grace period.
 */
export async function computeRevenue(db: Db, now: Date, months: number, graceDays: number): Promise<Revenue> {
  const grace = `${graceDays} days`;
  const [row] = await db.$queryRaw<Row[]>`
    WITH
    bounds AS (
      SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC') - make_interval(months => ${months}::int - 1) AS first_month,
             date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC') AS last_month
    ),
    month_list AS (
      SELECT generate_series(b.first_month, b.last_month, interval '1 month') AS m FROM bounds b
    ),
    paid AS (
      SELECT o.user_id, o.plan_id, o.amount, o.paid_at, o.term_start,
             CASE WHEN o.superseded_at IS NOT NULL THEN LEAST(o.granted_until, o.superseded_at)
                  ELSE o.granted_until + ${grace}::interval END AS term_end
      FROM payment_orders o
      WHERE o.status = 'paid' AND NOT o.test
        AND (o.granted_until IS NULL
             OR o.granted_until > (SELECT first_month FROM bounds) AT TIME ZONE 'UTC' - ${grace}::interval
             OR o.paid_at >= (SELECT first_month FROM bounds) AT TIME ZONE 'UTC')
    ),
    by_month AS (
      SELECT ml.m, COALESCE(SUM(p.amount), 0) AS amount, COUNT(p.paid_at)::int AS payments
      FROM month_list ml
      LEFT JOIN paid p ON p.paid_at >= ml.m AT TIME ZONE 'UTC'
                      AND p.paid_at < (ml.m + interval '1 month') AT TIME ZONE 'UTC'
      GROUP BY ml.m
    ),
    paying_now AS (
      SELECT DISTINCT p.user_id, p.plan_id FROM paid p
      WHERE p.user_id IS NOT NULL AND p.plan_id <> ${BASIC_PLAN_ID}
        AND p.term_start <= ${now} AND (p.term_end IS NULL OR p.term_end > ${now})
    ),
    by_plan AS (
      SELECT pl.id AS plan_id, pl.name, COUNT(pn.user_id)::int AS paying_users
      FROM plans pl LEFT JOIN paying_now pn ON pn.plan_id = pl.id
      WHERE pl.id <> ${BASIC_PLAN_ID}
      GROUP BY pl.id, pl.name
    ),
    by_plan_month AS (
      SELECT ml.m, p.plan_id, COUNT(DISTINCT p.user_id)::int AS paying_users
      FROM month_list ml
      JOIN paid p ON p.user_id IS NOT NULL AND p.plan_id <> ${BASIC_PLAN_ID}
                 AND p.term_start < (ml.m + interval '1 month') AT TIME ZONE 'UTC'
                 AND (p.term_end IS NULL OR p.term_end > ml.m AT TIME ZONE 'UTC')
      GROUP BY ml.m, p.plan_id
    ),
    week_list AS (
      SELECT generate_series(date_trunc('week', b.first_month), date_trunc('week', ${now}::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS w
      FROM bounds b
    ),
    new_users AS (
      SELECT date_trunc('week', u.created_at AT TIME ZONE 'UTC') AS w, COUNT(*)::int AS count
      FROM users u
      WHERE u.created_at >= (SELECT MIN(w) FROM week_list) AT TIME ZONE 'UTC'
      GROUP BY 1
    ),
    renewals AS (
      SELECT COUNT(*)::int AS n FROM users u
      WHERE u.plan_id <> ${BASIC_PLAN_ID}
        AND u.plan_expires_at >= ${now} AND u.plan_expires_at < ${now}::timestamptz + interval '30 days'
        AND EXISTS (SELECT 1 FROM payment_orders o
                    WHERE o.user_id = u.id AND o.plan_id = u.plan_id AND o.status = 'paid' AND NOT o.test
                      AND o.granted_until = u.plan_expires_at)
    )
    SELECT json_build_object(
      'by_month', (SELECT json_agg(json_build_object('month', to_char(m, 'YYYY-MM'),
                     'amount', to_char(amount, 'FM9999999999990.00'), 'payments', payments) ORDER BY m) FROM by_month),
      'by_plan', (SELECT COALESCE(json_agg(json_build_object('plan_id', plan_id, 'name', name,
                     'paying_users', paying_users) ORDER BY plan_id), '[]'::json) FROM by_plan),
      'by_plan_month', (SELECT COALESCE(json_agg(json_build_object('month', to_char(m, 'YYYY-MM'),
                     'plan_id', plan_id, 'paying_users', paying_users) ORDER BY m, plan_id), '[]'::json)
                     FROM by_plan_month),
      'new_users_by_week', (SELECT json_agg(json_build_object('week', to_char(wl.w, 'YYYY-MM-DD'),
                     'count', COALESCE(nu.count, 0)) ORDER BY wl.w)
                     FROM week_list wl LEFT JOIN new_users nu ON nu.w = wl.w),
      'paying_users', (SELECT COUNT(DISTINCT user_id)::int FROM paying_now),
      'total_users', (SELECT COUNT(*)::int FROM users),
      'renewals_next_30_days', (SELECT n FROM renewals)
    ) AS revenue`;
  if (!row) throw new Error('revenue query returned no row');
  return row.revenue;
}

export const getRevenue = (ctx: RequestContext, months: number) =>
  computeRevenue(ctx.prisma, ctx.now, months, ctx.config.PLAN_GRACE_DAYS);
