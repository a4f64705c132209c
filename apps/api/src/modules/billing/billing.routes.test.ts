import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';

// The billing calls (issue 15): the revenue dashboard on seeded orders, the admins' payments list with its
// filters and CSV, receipts and who may read them, and the job run call.

let t: TestApp;
let admin: TestUser;
let u1: TestUser;
let u2: TestUser;
let u3: TestUser;
let u4: TestUser;
let u5: TestUser;
const orders: Record<string, number> = {};

const at = (iso: string) => new Date(iso);

async function order(
  name: string,
  user: TestUser,
  data: {
    planId: number;
    amount: string;
    status?: 'paid' | 'pending';
    test?: boolean;
    paidAt?: string;
    term?: [string, string];
    createdAt: string;
  },
) {
  const row = await t.prisma.paymentOrder.create({
    data: {
      label: `${name}-${user.id}`.padEnd(32, '0'),
      userId: user.id,
      email: user.email,
      planId: data.planId,
      period: 'month',
      method: 'mir',
      amount: data.amount,
      status: data.status ?? 'paid',
      test: data.test ?? false,
      paidAt: data.paidAt ? at(data.paidAt) : null,
      termStart: data.term ? at(data.term[0]) : null,
      grantedUntil: data.term ? at(data.term[1]) : null,
      createdAt: at(data.createdAt),
    },
  });
  orders[name] = row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
  u1 = await createUser(t, {
    name: 'Первый Плательщик',
    planId: 2,
    planExpiresAt: at('2027-04-10T00:00:00Z'),
  });
  u2 = await createUser(t, { planId: 3, planExpiresAt: at('2027-03-13T00:00:00Z') });
  u3 = await createUser(t, { planId: 2, planExpiresAt: at('2027-04-01T00:00:00Z') });
  u4 = await createUser(t);
  u5 = await createUser(t);
  const o = (paid: string, term: [string, string]) => ({ paidAt: paid, createdAt: paid, term });
  await order('o1', u1, {
    planId: 2,
    amount: '990.00',
    ...o('2027-01-10T10:00:00Z', ['2027-01-10T10:00:00Z', '2027-02-10T10:00:00Z']),
  });
  await order('o2', u1, {
    planId: 2,
    amount: '990.00',
    ...o('2027-02-05T10:00:00Z', ['2027-02-10T10:00:00Z', '2027-03-10T10:00:00Z']),
  });
  await order('o3', u1, {
    planId: 2,
    amount: '990.00',
    ...o('2027-03-05T10:00:00Z', ['2027-03-10T10:00:00Z', '2027-04-10T00:00:00Z']),
  });
  await order('o4', u2, {
    planId: 3,
    amount: '2990.00',
    ...o('2027-02-13T00:00:00Z', ['2027-02-13T00:00:00Z', '2027-03-13T00:00:00Z']),
  });
  // A sandbox payment: left out of every figure.
  await order('o5', u3, {
    planId: 2,
    amount: '990.00',
    test: true,
    ...o('2027-03-01T00:00:00Z', ['2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z']),
  });
  await order('o6', u4, {
    planId: 2,
    amount: '990.00',
    status: 'pending',
    createdAt: '2027-03-02T00:00:00Z',
  });
  await order('o7', u5, {
    planId: 2,
    amount: '990.00',
    ...o('2025-06-01T00:00:00Z', ['2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z']),
  });
  await t.prisma.paymentRefund.create({
    data: {
      operationId: `op-refund-${Date.now()}`,
      label: 'o6',
      orderId: orders.o6,
      amount: '500.00',
      reason: 'amount_short',
      fields: {},
    },
  });
});
afterAll(async () => {
  t?.setNow(null);
  await t?.close();
});

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });

describe('GET /admin/revenue', () => {
  it('answers every figure from the seeded orders, test payments left out', async () => {
    t.setNow(at('2027-03-15T12:00:00Z'));
    const res = await get('/api/v1/rest/admin/revenue?months=12', admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.by_month).toHaveLength(12);
    expect(data.by_month[0]).toEqual({ month: '2026-04', amount: '0.00', payments: 0 });
    expect(data.by_month.slice(-3)).toEqual([
      { month: '2027-01', amount: '990.00', payments: 1 },
      { month: '2027-02', amount: '3980.00', payments: 2 },
      { month: '2027-03', amount: '990.00', payments: 1 },
    ]);
    // u1 on 'Про', u2 on 'Корп' inside its grace period; u3 paid in the sandbox only.
    expect(data.paying_users).toBe(2);
    expect(data.by_plan).toEqual([
      { plan_id: 2, name: 'Про', paying_users: 1 },
      { plan_id: 3, name: 'Корп', paying_users: 1 },
    ]);
    expect(data.by_plan_month).toEqual([
      { month: '2027-01', plan_id: 2, paying_users: 1 },
      { month: '2027-02', plan_id: 2, paying_users: 1 },
      { month: '2027-02', plan_id: 3, paying_users: 1 },
      { month: '2027-03', plan_id: 2, paying_users: 1 },
      { month: '2027-03', plan_id: 3, paying_users: 1 },
    ]);
    expect(data.renewals_next_30_days).toBe(1);
    const users = await t.prisma.user.count();
    expect(data.total_users).toBe(users);
    // Weeks by their Monday, oldest first, zero weeks included; every account here was made this week.
    expect(data.new_users_by_week[0].week).toBe('2026-03-30');
    expect(data.new_users_by_week.at(-1).week).toBe('2027-03-15');
    const today = new Date();
    const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const week = data.new_users_by_week.find(
      (w: { week: string }) => w.week === monday.toISOString().slice(0, 10),
    );
    expect(week?.count).toBe(users);
    expect(data.new_users_by_week.reduce((sum: number, w: { count: number }) => sum + w.count, 0)).toBe(
      users,
    );
  });

  it('takes months from 1 to 36; anything else is 400 in Russian; admins only', async () => {
    t.setNow(at('2027-03-15T12:00:00Z'));
    const three = (await get('/api/v1/rest/admin/revenue?months=3', admin)).json().data;
    expect(three.by_month.map((m: { month: string }) => m.month)).toEqual(['2027-01', '2027-02', '2027-03']);
    for (const bad of ['0', '37', 'x', '1.5']) {
      const res = await get(`/api/v1/rest/admin/revenue?months=${bad}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('months: ожидается целое число от 1 до 36');
    }
    expect((await get('/api/v1/rest/admin/revenue', u1)).statusCode).toBe(403);
  });

  it("test=true counts test payments only (issue 34's preview); the live figures never include them", async () => {
    t.setNow(at('2027-03-15T12:00:00Z'));
    await order('test-preview', u1, {
      planId: 2,
      amount: '777.00',
      test: true,
      paidAt: '2027-03-02T10:00:00Z',
      term: ['2027-03-02T10:00:00Z', '2027-04-02T10:00:00Z'],
      createdAt: '2027-03-02T09:00:00Z',
    });
    const testOrders = await t.prisma.paymentOrder.findMany({
      where: { test: true, status: 'paid', paidAt: { gte: at('2024-04-01T00:00:00Z') } },
    });
    const preview = (await get('/api/v1/rest/admin/revenue?months=36&test=true', admin)).json().data;
    const live = (await get('/api/v1/rest/admin/revenue?months=36&test=false', admin)).json().data;
    const payments = (data: { by_month: { payments: number }[] }) =>
      data.by_month.reduce((sum, m) => sum + m.payments, 0);
    expect(payments(preview)).toBe(testOrders.length);
    const march = preview.by_month.at(-1);
    expect(Number(march.amount)).toBeGreaterThanOrEqual(777);
    expect(
      preview.by_plan.find((p: { plan_id: number }) => p.plan_id === 2).paying_users,
    ).toBeGreaterThanOrEqual(1);
    expect(live.by_month.at(-1).amount).not.toBe(march.amount);
    expect((await get('/api/v1/rest/admin/revenue?test=yes', admin)).statusCode).toBe(400);
    // The lists below count the seeded orders only.
    await t.prisma.paymentOrder.delete({ where: { id: orders['test-preview'] } });
  });
});

describe('GET /admin/payments and its CSV', () => {
  const list = async (query: string) => {
    const res = await get(`/api/v1/rest/admin/payments${query}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id).sort((a, b) => a - b);
  const named = (...names: string[]) => names.map((n) => orders[n] as number).sort((a, b) => a - b);

  it('lists every order newest first, with the payer and its refund case, in the list envelope', async () => {
    const page = await list('?perPage=2');
    expect(page.meta).toEqual({ page: 1, pages: 4, perPage: 2, total: 7 });
    expect(page.data.map((p: { id: number }) => p.id)).toEqual([orders.o3, orders.o6]);
    expect(page.data[1]).toMatchObject({
      status: 'pending',
      refund: true,
      user: { id: u4.id, email: u4.email },
    });
    expect(page.data[0]).toMatchObject({
      amount: '990.00',
      plan: { id: 2, name: 'Про' },
      test: false,
      refund: false,
    });
  });

  it('filters by plan, period, status, date range and test', async () => {
    expect(ids(await list('?plan_id=3'))).toEqual(named('o4'));
    expect(ids(await list('?period=year'))).toEqual([]);
    expect((await list('?period=month')).meta.total).toBe(7);
    expect(ids(await list('?status=pending'))).toEqual(named('o6'));
    expect(ids(await list('?status=refund'))).toEqual(named('o6'));
    expect((await list('?status=paid')).meta.total).toBe(6);
    expect(ids(await list('?test=true'))).toEqual(named('o5'));
    expect((await list('?test=false')).meta.total).toBe(6);
    expect(ids(await list('?from=2027-03-01&to=2027-03-05'))).toEqual(named('o3', 'o5', 'o6'));
    expect(ids(await list('?from=2027-03-02&to=2027-03-02'))).toEqual(named('o6'));
    expect(ids(await list('?plan_id=2&status=paid&test=false&from=2027-01-01'))).toEqual(
      named('o1', 'o2', 'o3'),
    );
  });

  it('answers bad filters 400 in Russian and changes nothing; admins only', async () => {
    const cases: [string, string][] = [
      ['?status=refunded', 'status: ожидается pending, paid или refund'],
      ['?period=week', 'period: ожидается month или year'],
      ['?test=yes', 'test: ожидается true или false'],
      ['?from=2027-02-30', 'Ожидается дата в виде ГГГГ-ММ-ДД (2026-01-31)'],
      ['?to=01.03.2027', 'Ожидается дата в виде ГГГГ-ММ-ДД (2026-01-31)'],
      ['?from=2027-03-02&to=2027-03-01', 'Дата «с» позже даты «по»'],
      ['?plan_id=abc', 'Идентификатор: ожидается целое число'],
      ['?perPage=500', 'perPage: ожидается целое число от 1 до 100'],
      ['?sort=id', ''],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/v1/rest/admin/payments', '/api/v1/rest/admin/payments/export']) {
        if (path.endsWith('export') && query.startsWith('?perPage')) continue;
        const res = await get(`${path}${query}`, admin);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json().message).toMatch(/[А-Яа-яЁё]/);
        if (message) expect(res.json().message, query).toContain(message);
      }
    }
    expect((await get('/api/v1/rest/admin/payments', u1)).statusCode).toBe(403);
    expect((await get('/api/v1/rest/admin/payments/export', u1)).statusCode).toBe(403);
  });

  it('exports the filtered orders as CSV (BOM, header, newest first)', async () => {
    const res = await get('/api/v1/rest/admin/payments/export?plan_id=2&test=false', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      'id,label,created_at,paid_at,status,refund,plan_id,plan,period,method,amount,granted_until,test,user_id,email',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((r) => Number(r[0]))).toEqual([orders.o3, orders.o6, orders.o2, orders.o1, orders.o7]);
    expect(rows[1]).toEqual(expect.arrayContaining(['pending', 'true', '990.00', u4.email]));
  });
});

describe('GET /payments/{id}/receipt', () => {
  it('answers the payer and site admins; anyone else, an unpaid order or no order is 404', async () => {
    const mine = await get(`/api/v1/rest/payments/${orders.o3}/receipt`, u1);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual({
      payment_id: orders.o3,
      label: `o3-${u1.id}`.padEnd(32, '0'),
      plan: { id: 2, name: 'Про' },
      period: 'month',
      method: 'mir',
      amount: '990.00',
      paid_at: '2027-03-05T10:00:00.000Z',
      term_start: '2027-03-10T10:00:00.000Z',
      granted_until: '2027-04-10T00:00:00.000Z',
      user: { name: 'Первый Плательщик', email: u1.email },
      test: false,
    });
    expect((await get(`/api/v1/rest/payments/${orders.o3}/receipt`, admin)).statusCode).toBe(200);
    for (const [id, user] of [
      [orders.o3, u2],
      [orders.o6, u4],
      [2_000_000_000, u1],
    ] as const) {
      const res = await get(`/api/v1/rest/payments/${id}/receipt`, user);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Квитанция не найдена');
    }
    expect((await get(`/api/v1/rest/payments/${orders.o5}/receipt`, u3)).json().data.test).toBe(true);
  });
});

describe('POST /admin/jobs/{name}/run', () => {
  const run = (name: string, user: TestUser) =>
    t.app.inject({ method: 'POST', url: `/api/v1/rest/admin/jobs/${name}/run`, headers: user.headers });

  it('runs a job now and answers {name, processed}; a second run sends nothing twice', async () => {
    t.setNow(null);
    const user = await createUser(t, {
      planId: 2,
      planExpiresAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    });
    const first = await run('plan-reminders', admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ name: 'plan-reminders', processed: expect.any(Number) });
    expect(first.json().data.processed).toBeGreaterThanOrEqual(1);
    await t.smtp.nextMail(user.email, 0);
    const second = await run('plan-reminders', admin);
    expect(second.json().data).toEqual({ name: 'plan-reminders', processed: 0 });
    await t.app.outbox.idle();
    expect(t.smtp.mailsTo(user.email)).toHaveLength(1);
    expect((await run('plan-expiry', admin)).statusCode).toBe(200);
  });

  it('unknown names are 404 in Russian, malformed ones 400; admins only', async () => {
    const unknown = await run('no-such-job', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Задача не найдена');
    const bad = await run('Bad_Name', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[А-Яа-яЁё]/);
    expect((await run('plan-reminders', u1)).statusCode).toBe(403);
  });
});

describe('without a session', () => {
  it('every billing call is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/rest/payments/1/receipt'],
      ['GET', '/api/v1/rest/admin/revenue'],
      ['GET', '/api/v1/rest/admin/payments'],
      ['GET', '/api/v1/rest/admin/payments/export'],
      ['POST', '/api/v1/rest/admin/jobs/plan-reminders/run'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
