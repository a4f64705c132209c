import { CheckoutPreviewResponseSchema } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type TestUser } from '../../../test/factories';
import { checkout, deliver, signedNotification, startPaymentsApp, userRow } from '../../../test/payments';

// GET /api/v1/rest/subscribes/{id}/checkout-preview (decision 0162): what a payment would do, as the
// payment then does it.

let t: TestApp;
let secret: string;
beforeAll(async () => {
  ({ t, secret } = await startPaymentsApp());
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;

async function preview(user: TestUser, planId: number, type = 'month') {
  const res = await t.app.inject({
    url: `/api/v1/rest/subscribes/${planId}/checkout-preview?type=${type}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutPreviewResponseSchema.parse(res.json()).data;
}

async function pay(user: TestUser, planId: number, type: 'month' | 'year') {
  const info = await checkout(t, user, { subscribe_id: planId, type });
  const res = await deliver(t, signedNotification(secret, info.label, info.sum));
  expect(res.statusCode, res.body).toBe(200);
}

const near = (iso: string | null, date: Date | null) => {
  expect(iso).not.toBeNull();
  expect(Math.abs(new Date(iso as string).getTime() - (date as Date).getTime())).toBeLessThan(MINUTE);
};

describe('checkout preview', () => {
  it("a user on 'Базовый': a new term from now, nothing to credit", async () => {
    const user = await createUser(t);
    const data = await preview(user, 2);
    expect(data).toMatchObject({
      plan: { id: 2, name: 'Про' },
      period: 'month',
      sum: '990.00',
      kind: 'new',
      current: { plan: { id: 1, name: 'Базовый' }, expires_at: null },
      credit: '0.00',
    });
    near(data.term_start, new Date());
    const end = new Date();
    end.setUTCMonth(end.getUTCMonth() + 1);
    near(data.granted_until, end);
  });

  it('the same running plan: a renewal from its end date', async () => {
    const user = await createUser(t);
    await pay(user, 2, 'month');
    const { planExpiresAt } = await userRow(t, user.id);
    const data = await preview(user, 2, 'year');
    expect(data).toMatchObject({ kind: 'renewal', credit: '0.00', sum: '9504.00' });
    expect(data.current.expires_at).toBe(planExpiresAt?.toISOString());
    expect(data.term_start).toBe(planExpiresAt?.toISOString());
    const end = new Date(planExpiresAt as Date);
    end.setUTCMonth(end.getUTCMonth() + 12);
    expect(data.granted_until).toBe(end.toISOString());
  });

  it('another running paid plan: the credit and the end date the payment then grants', async () => {
    const user = await createUser(t);
    await pay(user, 2, 'year');
    const data = await preview(user, 3, 'month');
    expect(data.kind).toBe('switch');
    expect(data.current.plan).toEqual({ id: 2, name: 'Про' });
    // Almost a whole year of Про is unused: nearly all of its price comes back.
    expect(Number(data.credit)).toBeGreaterThan(9400);
    expect(Number(data.credit)).toBeLessThanOrEqual(9504);

    await pay(user, 3, 'month');
    const after = await userRow(t, user.id);
    expect(after.planId).toBe(3);
    near(data.granted_until, after.planExpiresAt);
    const order = await t.prisma.paymentOrder.findFirstOrThrow({
      where: { userId: user.id, planId: 3, status: 'paid' },
    });
    expect(Math.abs(Number(order.credit.toFixed(2)) - Number(data.credit))).toBeLessThanOrEqual(0.01);
  });

  it('refuses a free plan, an unknown plan, a bad period and a caller without a session', async () => {
    const user = await createUser(t);
    const url = (id: number, type = 'month') => `/api/v1/rest/subscribes/${id}/checkout-preview?type=${type}`;
    const free = await t.app.inject({ url: url(1), headers: user.headers });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('Этот тариф бесплатный');
    const unknown = await t.app.inject({ url: url(999_999), headers: user.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Тариф не найден');
    const period = await t.app.inject({ url: url(2, 'week'), headers: user.headers });
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toBe('type: ожидается month или year');
    const missing = await t.app.inject({
      url: '/api/v1/rest/subscribes/2/checkout-preview',
      headers: user.headers,
    });
    expect(missing.statusCode).toBe(400);
    expect((await t.app.inject({ url: url(2) })).statusCode).toBe(401);
    // Nothing was ordered by looking.
    expect(await t.prisma.paymentOrder.count({ where: { userId: user.id } })).toBe(0);
  });
});
