import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, type TestUser } from '../../../test/factories';
import { checkout, deliver, signedNotification } from '../../../test/payments';
import { referenceRevenue } from '../../../test/revenue-reference';
import { loadOrCreatePaymentSecret } from '../payments/payments.config';
import { computeRevenue } from './revenue.service';

// The rollup behind the revenue dashboard (decision 0171) stays equal to a recount of the rows, and the
// dashboard's answer stays equal, byte for byte, to the statement over the orders it replaced (kept in
// test/revenue-reference.ts), through payments, status changes, refund cases, switches, end dates moved,
// accounts deleted and a change of PLAN_GRACE_DAYS; on real PostgreSQL, at moments on the terms' edges.

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  secret = await loadOrCreatePaymentSecret(t.env.DATA_DIR);
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
let labels = 0;

const drift = () => t.prisma.$queryRaw<unknown[]>`SELECT * FROM revenue_drift()`;

/** The rollup equals a recount, and the answer equals the reference's at each moment, for 1, 12, 36 months. */
async function expectExact(moments: Date[], graceDays = 3) {
  expect(await drift()).toEqual([]);
  for (const now of moments) {
    for (const months of [1, 12, 36]) {
      const kept = JSON.stringify(await computeRevenue(t.database.pool, now, months, graceDays));
      const reference = JSON.stringify(await referenceRevenue(t.prisma, now, months, graceDays));
      expect(kept, `${now.toISOString()} × ${months}`).toBe(reference);
    }
  }
}

async function order(
  user: TestUser | null,
  data: {
    planId?: number;
    amount?: string;
    status?: 'paid' | 'pending';
    test?: boolean;
    paidAt?: string | null;
    term?: [string | null, string | null];
    supersededAt?: string;
  },
) {
  const paidAt = data.paidAt === undefined ? (data.term?.[0] ?? null) : data.paidAt;
  return t.prisma.paymentOrder.create({
    data: {
      label: `rollup-${String(++labels).padStart(25, '0')}`,
      userId: user?.id ?? null,
      planId: data.planId ?? 2,
      period: 'month',
      method: 'mir',
      amount: data.amount ?? '990.00',
      status: data.status ?? 'paid',
      test: data.test ?? false,
      paidAt: paidAt ? at(paidAt) : null,
      termStart: data.term?.[0] ? at(data.term[0]) : null,
      grantedUntil: data.term?.[1] ? at(data.term[1]) : null,
      supersededAt: data.supersededAt ? at(data.supersededAt) : null,
      createdAt: paidAt ? at(paidAt) : new Date(),
    },
  });
}

/** Moments around the seeded terms: their starts and ends, the grace period's end, month edges, now. */
const MOMENTS = [
  new Date(),
  at('2027-03-15T12:00:00Z'),
  at('2027-02-10T10:00:00Z'),
  at('2027-03-13T00:00:00Z'),
  at('2027-03-16T00:00:00Z'),
  at('2027-03-15T23:59:59.999Z'),
  at('2027-04-01T00:00:00Z'),
  at('2025-12-31T23:00:00Z'),
  at('2029-01-01T00:00:00Z'),
];

describe('the revenue rollup', () => {
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;

  it('counts orders of every shape as the statement over the orders did', async () => {
    a = await createUser(t, { planId: 2, planExpiresAt: at('2027-04-10T00:00:00Z') });
    b = await createUser(t, { planId: 3, planExpiresAt: at('2027-03-13T00:00:00Z') });
    c = await createUser(t, { planId: 2, planExpiresAt: at('2027-04-01T00:00:00Z') });
    // Renewals extending from the old end (overlapping in the grace period), in one plan.
    await order(a, { term: ['2027-01-10T10:00:00Z', '2027-02-10T10:00:00Z'] });
    await order(a, {
      paidAt: '2027-02-05T10:00:00Z',
      term: ['2027-02-10T10:00:00Z', '2027-03-10T10:00:00Z'],
    });
    await order(a, {
      paidAt: '2027-03-05T10:00:00Z',
      term: ['2027-03-10T10:00:00Z', '2027-04-10T00:00:00Z'],
    });
    // Another plan ending exactly at a month's start; a switch that superseded an order; an open term.
    await order(b, { planId: 3, amount: '2990.00', term: ['2027-02-13T00:00:00Z', '2027-03-13T00:00:00Z'] });
    await order(b, {
      amount: '990.00',
      term: ['2026-11-01T00:00:00Z', '2027-02-01T00:00:00Z'],
      supersededAt: '2027-01-20T00:00:00Z',
    });
    await order(c, { term: ['2026-06-01T00:00:00Z', null] });
    // Sandbox, unpaid, 'Базовый', a switch before the term began, a paid order with neither start nor paid_at.
    await order(c, { test: true, term: ['2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z'] });
    await order(c, { status: 'pending', paidAt: null });
    await order(c, { planId: 1, amount: '0.00', term: ['2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z'] });
    await order(a, {
      term: ['2027-05-01T00:00:00Z', '2027-06-01T00:00:00Z'],
      paidAt: '2027-03-20T00:00:00Z',
      supersededAt: '2027-03-25T00:00:00Z',
    });
    await order(b, { paidAt: null, term: [null, '2027-01-01T00:00:00Z'] });
    // An order whose account was deleted (user_id null).
    await order(null, { term: ['2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z'] });
    await expectExact(MOMENTS);
  });

  it('stays exact through payments, status changes, refund cases, switches and end dates moved', async () => {
    // Two payments through the API (sandbox mode), then made real: the rollup follows the test flag.
    const payers = [await createUser(t), await createUser(t)];
    for (const [i, payer] of payers.entries()) {
      const { label, sum } = await checkout(t, payer, i === 0 ? {} : { subscribe_id: 3, type: 'year' });
      const res = await deliver(t, signedNotification(secret, label, sum));
      expect(res.statusCode, res.body).toBe(200);
    }
    await expectExact(MOMENTS);
    await t.prisma.paymentOrder.updateMany({
      where: { userId: { in: payers.map((p) => p.id) } },
      data: { test: false },
    });
    await expectExact([new Date(), new Date(Date.now() + 29 * DAY), new Date(Date.now() + 40 * DAY)]);

    const pending = await order(a, { status: 'pending', paidAt: null });
    await t.prisma.paymentOrder.update({
      where: { id: pending.id },
      data: {
        status: 'paid',
        paidAt: at('2027-03-14T00:00:00Z'),
        termStart: at('2027-04-10T00:00:00Z'),
        grantedUntil: at('2027-05-10T00:00:00Z'),
      },
    });
    await t.prisma.user.update({ where: { id: a.id }, data: { planExpiresAt: at('2027-05-10T00:00:00Z') } });
    await t.prisma.paymentRefund.create({
      data: {
        operationId: `op-rollup-${Date.now()}`,
        label: 'x',
        orderId: pending.id,
        amount: '1.00',
        reason: 'already_paid',
        fields: {},
      },
    });
    await expectExact(MOMENTS);

    // Back to unpaid, the amount and plan changed, a switch, an order moved to another account.
    await t.prisma.paymentOrder.update({ where: { id: pending.id }, data: { status: 'pending' } });
    const first = await t.prisma.paymentOrder.findFirstOrThrow({
      where: { userId: a.id },
      orderBy: { id: 'asc' },
    });
    await t.prisma.paymentOrder.update({ where: { id: first.id }, data: { amount: '1234.50', planId: 3 } });
    await t.prisma.paymentOrder.updateMany({
      where: { userId: c.id, grantedUntil: null, status: 'paid' },
      data: { supersededAt: at('2027-03-01T00:00:00Z') },
    });
    await t.prisma.paymentOrder.update({ where: { id: first.id }, data: { userId: c.id } });
    await t.prisma.user.update({ where: { id: b.id }, data: { planId: 1, planExpiresAt: null } });
    await expectExact(MOMENTS);
  });

  it("stays exact when two transactions change one account's orders at once", async () => {
    const payer = await createUser(t, { planId: 2, planExpiresAt: at('2027-06-01T00:00:00Z') });
    const first = await order(payer, { status: 'pending', paidAt: null });
    const second = await order(payer, { status: 'pending', paidAt: null });
    const one = await t.database.pool.connect();
    const two = await t.database.pool.connect();
    const pay = (id: number, start: string, end: string) =>
      `UPDATE payment_orders SET status = 'paid', paid_at = '${start}', term_start = '${start}',
         granted_until = '${end}' WHERE id = ${id}`;
    try {
      await one.query('BEGIN');
      await two.query('BEGIN');
      await one.query(pay(first.id, '2027-04-01T00:00:00Z', '2027-05-01T00:00:00Z'));
      // The second waits for the first's lock on the account, then recounts from what the first committed.
      const waiting = two.query(pay(second.id, '2027-05-01T00:00:00Z', '2027-06-01T00:00:00Z'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await one.query('COMMIT');
      await waiting;
      await two.query('COMMIT');
    } finally {
      one.release();
      two.release();
    }
    await expectExact(MOMENTS);
  });

  it('stays exact when accounts and orders are deleted', async () => {
    await t.prisma.user.delete({ where: { id: a.id } });
    await t.prisma.paymentOrder.deleteMany({ where: { userId: b.id, planId: 3 } });
    await expectExact(MOMENTS);
  });

  it('is rebuilt when PLAN_GRACE_DAYS changes, and recount_revenue() repairs what went wrong', async () => {
    await expectExact(MOMENTS, 5);
    await expectExact(MOMENTS.slice(0, 3), 3);

    await t.prisma.$executeRaw`UPDATE revenue_buckets SET delta = delta + 1 WHERE width = 'day'`;
    await t.prisma.$executeRaw`DELETE FROM user_weeks`;
    expect((await drift()).length).toBeGreaterThan(0);
    await t.prisma.$queryRaw`SELECT * FROM recount_revenue()`;
    await expectExact(MOMENTS.slice(0, 3));
  });
});
