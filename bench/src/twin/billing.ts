import type http from 'node:http';
import type pg from 'pg';
import { HttpError, json, paging } from './answers';

// The twin's billing calls (issue 15): the admin 'Выручка' dashboard, the first page of the admins'
// payments list and a receipt. The dashboard reads the same rollup as the product (decision 0171: tables
// kept by triggers, which a hand-written twin on this schema would read too; counted with the default
// PLAN_GRACE_DAYS the bench starts the product with), in one statement written around its keys; the payments page reads the orders' counter for its total, as the product does.

const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The sum of a series' events before $x, per plan, as rows (plan_id, delta): months, days, hours, events. */
const totalBefore = (series: string, x: string) => `
  SELECT plan_id, delta FROM revenue_buckets
  WHERE series = '${series}' AND width = 'month' AND at < date_trunc('month', ${x} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
  UNION ALL
  SELECT plan_id, delta FROM revenue_buckets
  WHERE series = '${series}' AND width = 'day' AND at >= date_trunc('month', ${x} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
    AND at < date_trunc('day', ${x} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
  UNION ALL
  SELECT plan_id, delta FROM revenue_buckets
  WHERE series = '${series}' AND width = 'hour' AND at >= date_trunc('day', ${x} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
    AND at < date_trunc('hour', ${x} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
  UNION ALL
  SELECT plan_id, delta FROM revenue_events
  WHERE series = '${series}' AND at >= date_trunc('hour', ${x} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND at < ${x}`;

/** $1 now, $2 months. */
const revenue = `
  WITH
  bounds AS (
    SELECT date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC') - make_interval(months => $2::int - 1) AS first_month
  ),
  month_list AS (
    SELECT (SELECT first_month FROM bounds) + make_interval(months => i) AS m FROM generate_series(0, $2::int - 1) AS i
  ),
  revenue AS (
    SELECT month, SUM(amount) AS amount, SUM(payments)::int AS payments FROM revenue_months
    WHERE month >= (SELECT first_month FROM bounds)::date GROUP BY month
  ),
  paying_now AS MATERIALIZED (
    SELECT plan_id, SUM(delta)::int AS total FROM (${totalBefore('paying', "($1::timestamptz + interval '1 microsecond')")}) d GROUP BY plan_id
  ),
  week_list AS (
    SELECT generate_series(date_trunc('week', (SELECT first_month FROM bounds)), date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS w
  )
  SELECT json_build_object(
    'by_month', (SELECT json_agg(json_build_object('month', to_char(ml.m, 'YYYY-MM'),
                   'amount', to_char(COALESCE(r.amount, 0), 'FM9999999999990.00'), 'payments', COALESCE(r.payments, 0))
                   ORDER BY ml.m) FROM month_list ml LEFT JOIN revenue r ON r.month = ml.m::date),
    'by_plan', (SELECT COALESCE(json_agg(json_build_object('plan_id', pl.id, 'name', pl.name,
                   'paying_users', COALESCE((SELECT total FROM paying_now pn WHERE pn.plan_id = pl.id), 0)) ORDER BY pl.id), '[]'::json)
                   FROM plans pl WHERE pl.id <> 1),
    'by_plan_month', (SELECT COALESCE(json_agg(json_build_object('month', to_char(m, 'YYYY-MM'),
                   'plan_id', plan_id, 'paying_users', n) ORDER BY m, plan_id), '[]'::json)
                   FROM (SELECT ml.m, b.plan_id, SUM(b.delta)::int AS n FROM month_list ml
                         JOIN revenue_buckets b ON b.series = 'months' AND b.width = 'month' AND b.at <= ml.m AT TIME ZONE 'UTC'
                         GROUP BY ml.m, b.plan_id HAVING SUM(b.delta) > 0) x),
    'new_users_by_week', (SELECT json_agg(json_build_object('week', to_char(wl.w, 'YYYY-MM-DD'),
                   'count', COALESCE(nu.count, 0)) ORDER BY wl.w) FROM week_list wl
                   LEFT JOIN (SELECT week, SUM(count)::int AS count FROM user_weeks
                              WHERE week >= date_trunc('week', (SELECT first_month FROM bounds))::date GROUP BY week) nu
                     ON nu.week = wl.w::date),
    'paying_users', COALESCE((SELECT total FROM paying_now WHERE plan_id = 0), 0),
    'total_users', (SELECT COALESCE(sum(value), 0)::int FROM counters WHERE name = 'users'),
    'renewals_next_30_days', (SELECT COALESCE(SUM(delta), 0)::int FROM (${totalBefore('renewals', "($1::timestamptz + interval '30 days')")}) d)
                           - (SELECT COALESCE(SUM(delta), 0)::int FROM (${totalBefore('renewals', '$1::timestamptz')}) d)
  ) AS revenue`;

/** $1 limit, $2 offset. */
const payments = `SELECT (SELECT COALESCE(sum(value), 0)::int FROM counters WHERE name = 'payment_orders') AS total,
    COALESCE((SELECT json_agg(json_build_object('id', po.id, 'label', po.label,
        'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', po.period, 'method', po.method,
        'amount', po.amount::text, 'status', po.status, 'paid_at', ${iso('po.paid_at')},
        'granted_until', ${iso('po.granted_until')}, 'created_at', ${iso('po.created_at')}, 'test', po.test,
        'provider', po.provider, 'refunded_amount', po.refunded_amount::text, 'needs_review', po.needs_review,
        'user', json_build_object('id', po.user_id, 'email', COALESCE(u.email, po.email, '')),
        'refund', EXISTS (SELECT 1 FROM payment_refunds r WHERE r.order_id = po.id))
        ORDER BY po.created_at DESC, po.id DESC)
      FROM (SELECT * FROM payment_orders ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2) po
      JOIN plans pl ON pl.id = po.plan_id LEFT JOIN users u ON u.id = po.user_id), '[]'::json)::text AS data`;

/** $1 order id, $2 the viewer's id, $3 whether the viewer is an admin. */
const receipt = `SELECT json_build_object('payment_id', o.id, 'label', o.label,
    'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', o.period, 'method', o.method,
    'amount', o.amount::text, 'paid_at', ${iso('o.paid_at')}, 'term_start', ${iso('o.term_start')},
    'granted_until', ${iso('o.granted_until')},
    'user', json_build_object('name', COALESCE(u.name, ''), 'email', COALESCE(u.email, o.email, '')),
    'test', o.test)::text AS data
  FROM payment_orders o JOIN plans pl ON pl.id = o.plan_id LEFT JOIN users u ON u.id = o.user_id
  WHERE o.id = $1 AND o.status = 'paid' AND o.paid_at IS NOT NULL AND ($3 OR o.user_id = $2)`;

/** $1 label, $2 the viewer's id, $3 whether the viewer is an admin (the result page's poll, issue 28). */
const order = `SELECT json_build_object('id', o.id, 'label', o.label,
    'plan', json_build_object('id', pl.id, 'name', pl.name), 'period', o.period, 'method', o.method,
    'amount', o.amount::text, 'status', o.status, 'paid_at', ${iso('o.paid_at')},
    'granted_until', ${iso('o.granted_until')}, 'created_at', ${iso('o.created_at')}, 'test', o.test,
    'provider', o.provider, 'refunded_amount', o.refunded_amount::text)::text AS data, o.user_id,
    COALESCE(u.email, o.email, '') AS email
  FROM payment_orders o JOIN plans pl ON pl.id = o.plan_id LEFT JOIN users u ON u.id = o.user_id
  WHERE o.label = $1 AND ($3 OR o.user_id = $2)`;

/** $1 the viewer's id: the saved payment method (issue 28). */
const paymentMethod = `SELECT json_build_object('type', type, 'title', title, 'auto_renew', auto_renew)::text AS data
  FROM saved_payment_methods WHERE user_id = $1`;

interface Deps {
  pool: pg.Pool;
  authenticate(req: http.IncomingMessage): Promise<{ userId: number; isAdmin: boolean }>;
  requireAdmin(req: http.IncomingMessage): Promise<unknown>;
}

type Route = (req: http.IncomingMessage, q: URLSearchParams, match: RegExpMatchArray) => Promise<string>;

export function billingRoutes(deps: Deps): [RegExp, Route][] {
  return [
    [
      /^\/api\/v1\/rest\/payments\/orders\/([0-9a-f]{32})$/,
      async (req, _q, match) => {
        const viewer = await deps.authenticate(req);
        const { rows } = await deps.pool.query(order, [match[1], viewer.userId, viewer.isAdmin]);
        const row = rows[0];
        if (!row) throw new HttpError(404, 'NOT_FOUND', 'Заказ не найден');
        if (!viewer.isAdmin) return json('', row.data);
        const data = { ...JSON.parse(row.data), user: { id: row.user_id, email: row.email } };
        return json('', JSON.stringify(data));
      },
    ],
    [
      /^\/api\/v1\/rest\/profile\/payment-method$/,
      async (req) => {
        const viewer = await deps.authenticate(req);
        const { rows } = await deps.pool.query(paymentMethod, [viewer.userId]);
        return json('', rows[0]?.data ?? 'null');
      },
    ],
    [
      /^\/api\/v1\/rest\/payments\/(\d+)\/receipt$/,
      async (req, _q, match) => {
        const viewer = await deps.authenticate(req);
        const { rows } = await deps.pool.query(receipt, [Number(match[1]), viewer.userId, viewer.isAdmin]);
        if (!rows[0]) throw new HttpError(404, 'NOT_FOUND', 'Квитанция не найдена');
        return json('', rows[0].data);
      },
    ],
    [
      /^\/api\/v1\/rest\/admin\/revenue$/,
      async (req, q) => {
        await deps.requireAdmin(req);
        const months = Number(q.get('months') ?? 12);
        const { rows } = await deps.pool.query(revenue, [new Date(), months]);
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
