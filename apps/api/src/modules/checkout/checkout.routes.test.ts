import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { checkout, orderRow } from '../../../test/payments';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const INFO = '/api/v1/rest/subscribes/get-subscribe-info';

describe('POST /api/v1/rest/subscribes/get-subscribe-info', () => {
  it('creates a pending order and answers the sandbox form in test mode', async () => {
    const user = await createUser(t);
    const data = await checkout(t, user);
    expect(data).toEqual({
      action: 'http://cabinet.test/api/subscribe/sandbox',
      receiver: 'test',
      'quickpay-form': 'button',
      sum: '990.00',
      label: expect.stringMatching(/^[0-9a-f]{32}$/),
      paymentType: 'AC',
      targets: 'Тариф «Про» на 1 месяц',
      successURL: 'http://cabinet.test/app/subscription?payment=success',
      test_mode: true,
    });
    const order = await orderRow(t, data.label);
    expect(order).toMatchObject({
      userId: user.id,
      planId: 2,
      period: 'month',
      method: 'mir',
      status: 'pending',
      paidAt: null,
    });
    expect(order.amount.toFixed(2)).toBe('990.00');
  });

  it('prices a year, records sbp, defaults to mir', async () => {
    const user = await createUser(t);
    const year = await checkout(t, user, {
      subscribe_id: 3,
      type: 'year',
      options: [{ id: 'method', value: 'sbp' }],
    });
    expect(year).toMatchObject({ sum: '28704.00', targets: 'Тариф «Корп» на 12 месяцев', paymentType: 'AC' });
    expect((await orderRow(t, year.label)).method).toBe('sbp');
    const { label } = await checkout(t, user, { options: undefined });
    expect((await orderRow(t, label)).method).toBe('mir');
    expect(year.label).not.toBe(label);
  });

  it('400 for a free plan or a free period', async () => {
    const user = await createUser(t);
    const basic = await t.app.inject({
      method: 'POST',
      url: INFO,
      headers: user.headers,
      payload: { subscribe_id: 1, type: 'month', options: [], user_id: user.id },
    });
    expect(basic.statusCode).toBe(400);
    expect(basic.json().message).toBe('Этот тариф бесплатный');
    const plan = await t.prisma.plan.create({
      data: {
        name: `Бесплатно на год ${Date.now()}`,
        priceMonth: '10',
        priceYear: '0',
        maxMembers: 2,
        maxOrganizations: 1,
      },
    });
    const year = await t.app.inject({
      method: 'POST',
      url: INFO,
      headers: user.headers,
      payload: { subscribe_id: plan.id, type: 'year', user_id: user.id },
    });
    expect(year.statusCode).toBe(400);
    expect(await t.prisma.paymentOrder.count({ where: { userId: user.id } })).toBe(0);
  });

  it('only for oneself unless admin: 403 for another user, admins may pay for anyone', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: INFO,
      headers: user.headers,
      payload: { subscribe_id: 2, type: 'month', user_id: other.id },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.prisma.paymentOrder.count({ where: { userId: other.id } })).toBe(0);
    const forOther = await t.app.inject({
      method: 'POST',
      url: INFO,
      headers: admin.headers,
      payload: { subscribe_id: 2, type: 'month', user_id: other.id },
    });
    expect(forOther.statusCode).toBe(200);
    expect((await orderRow(t, forOther.json().data.label)).userId).toBe(other.id);
    const missing = await t.app.inject({
      method: 'POST',
      url: INFO,
      headers: admin.headers,
      payload: { subscribe_id: 2, type: 'month', user_id: 2_000_000_000 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('401, 404 and 400', async () => {
    const user = await createUser(t);
    const body = { subscribe_id: 2, type: 'month', user_id: user.id };
    expect((await t.app.inject({ method: 'POST', url: INFO, payload: body })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: INFO,
      headers: user.headers,
      payload: { ...body, subscribe_id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Тариф не найден');
    for (const bad of [
      { ...body, type: 'week' },
      { ...body, subscribe_id: 'abc' },
      { ...body, subscribe_id: -1 },
      { ...body, subscribe_id: 1.5 },
      { ...body, user_id: 2147483648 },
      { ...body, options: [{ id: 'method', value: 'cash' }] },
      { ...body, options: [{ id: 'colour', value: 'mir' }] },
      { ...body, options: [{ id: 'method', value: 'mir', extra: 1 }] },
      {
        ...body,
        options: [
          { id: 'method', value: 'mir' },
          { id: 'method', value: 'sbp' },
        ],
      },
      { ...body, options: 'mir' },
      { ...body, extra: true },
      { type: 'month', user_id: user.id },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: INFO, headers: user.headers, payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.prisma.paymentOrder.count({ where: { userId: user.id } })).toBe(0);
  });
});
