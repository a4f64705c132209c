import type http from 'node:http';
import type pg from 'pg';
import { paging } from './answers';

// The twin's billing calls (issue 15): the admin 'Выручка' dashboard and the first page of the admins'
// payments list. The dashboard is one statement in the product already (apps/api/src/modules/billing/
// revenue.service.ts); the twin runs the same statement over a bare pool, so the difference is the
// product's own overhead. The payments page is the count and the page with payer and refund flag.

const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The product's default PLAN_GRACE_DAYS: the bench starts it without one. */
const GRACE = '3 days';

/** $1 now, $2 months, $3 grace period. */
const revenue = `
  WITH
  bounds AS (
    SELECT date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC') - make_interval(months => $2::int - 1) AS first_month,
           (EXTRACT(YEAR FROM $1::timestamptz AT TIME ZONE 'UTC') * 12 + EXTRACT(MONTH FROM $1::timestamptz AT TIME ZONE 'UTC'))::int - $2::int + 1 AS first_index
  ),
  window_start AS (SELECT first_month AT TIME ZONE 'UTC' AS at FROM bounds),
  month_list AS (
    SELECT i, (SELECT first_month FROM bounds) + make_interval(months => i) AS m FROM generate_series(0, $2::int - 1) AS i
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
           LEAST($2::int - 1, CASE WHEN t.term_end IS NULL THEN $2::int ELSE
             (EXTRACT(YEAR FROM (t.term_end - interval '1 millisecond') AT TIME ZONE 'UTC') * 12
              + EXTRACT(MONTH FROM (t.term_end - interval '1 millisecond') AT TIME ZONE 'UTC'))::int
             - (SELECT first_index FROM bounds) END) AS hi
    FROM (
      SELECT o.user_id, o.plan_id, COALESCE(o.term_start, o.paid_at) AS term_start,
             CASE WHEN o.superseded_at IS NOT NULL THEN LEAST(o.granted_until, o.superseded_at)
                  ELSE o.granted_until + $3::interval END AS term_end
      FROM payment_orders o
      WHERE o.status = 'paid' AND NOT o.test AND o.user_id IS NOT NULL AND o.plan_id <> 1
        AND o.granted_until > (SELECT at FROM window_start) - $3::interval
      UNION ALL
      SELECT o.user_id, o.plan_id, COALESCE(o.term_start, o.paid_at), o.superseded_at
      FROM payment_orders o
      WHERE o.status = 'paid' AND NOT o.test AND o.user_id IS NOT NULL AND o.plan_id <> 1
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
    WHERE term_start <= $1::timestamptz AND (term_end IS NULL OR term_end > $1::timestamptz)
  ),
  by_plan_month AS (
    SELECT ml.m, k.plan_id, COUNT(*)::int AS paying_users
    FROM masks k JOIN month_list ml ON (k.mask >> ml.i) & 1 = 1
    GROUP BY ml.m, k.plan_id
  ),
  week_list AS (
    SELECT generate_series(date_trunc('week', (SELECT first_month FROM bounds)), date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS w
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
                   FROM plans pl WHERE pl.id <> 1),
    'by_plan_month', (SELECT COALESCE(json_agg(json_build_object('month', to_char(m, 'YYYY-MM'),
                   'plan_id', plan_id, 'paying_users', paying_users) ORDER BY m, plan_id), '[]'::json) FROM by_plan_month),
    'new_users_by_week', (SELECT json_agg(json_build_object('week', to_char(wl.w, 'YYYY-MM-DD'),
                   'count', COALESCE(nu.count, 0)) ORDER BY wl.w) FROM week_list wl LEFT JOIN new_users nu ON nu.w = wl.w),
    'paying_users', (SELECT COUNT(DISTINCT user_id)::int FROM paying_now),
    'total_users', (SELECT COUNT(*)::int FROM users),
    'renewals_next_30_days', (SELECT COUNT(*)::int FROM users u
        WHERE u.plan_id <> 1 AND u.plan_expires_at >= $1::timestamptz AND u.plan_expires_at < $1::timestamptz + interval '30 days'
          AND EXISTS (SELECT 1 FROM payment_orders o
                      WHERE o.user_id = u.id AND o.plan_id = u.plan_id AND o.status = 'paid' AND NOT o.test
                        AND o.granted_until = u.plan_expires_at))
  ) AS revenue`;

/** $1 limit, $2 offset. */
const payments = `SELECT (SELECT count(*) FROM payment_orders)::int AS total,
    COALESCE((SELECT json_agg(json_build_object('id', po.id, 'label', po.label,
        'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', po.period, 'method', po.method,
        'amount', po.amount::text, 'status', po.status, 'paid_at', ${iso('po.paid_at')},
        'granted_until', ${iso('po.granted_until')}, 'created_at', ${iso('po.created_at')}, 'test', po.test,
        'user', json_build_object('id', po.user_id, 'email', COALESCE(u.email, po.email, '')),
        'refund', EXISTS (SELECT 1 FROM payment_refunds r WHERE r.order_id = po.id))
        ORDER BY po.created_at DESC, po.id DESC)
      FROM (SELECT * FROM payment_orders ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2) po
      JOIN plans pl ON pl.id = po.plan_id LEFT JOIN users u ON u.id = po.user_id), '[]'::json)::text AS data`;

interface Deps {
  pool: pg.Pool;
  requireAdmin(req: http.IncomingMessage): Promise<unknown>;
}

type Route = (req: http.IncomingMessage, q: URLSearchParams, match: RegExpMatchArray) => Promise<string>;

export function billingRoutes(deps: Deps): [RegExp, Route][] {
  return [
    [
      /^\/api\/v1\/rest\/admin\/revenue$/,
      async (req, q) => {
        await deps.requireAdmin(req);
        const months = Number(q.get('months') ?? 12);
        const { rows } = await deps.pool.query(revenue, [new Date(), months, GRACE]);
        return `{"success":true,"message":"","data":${JSON.stringify(rows[0].revenue)}}`;
      },
    ],
    [
      /^\/api\/v1\/rest\/admin\/payments$/,
      async (req, q) => {
        await deps.requireAdmin(req);
        const { page, perPage, offset } = paging(q);
        const { rows } = await deps.pool.query(payments, [perPage, offset]);
        const row = rows[0];
        const meta = { page, pages: Math.ceil(row.total / perPage), perPage, total: row.total };
        return `{"success":true,"message":"","data":${row.data},"meta":${JSON.stringify(meta)}}`;
      },
    ],
  ];
}
