import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PaymentListResponseSchema, SubscribeInfoResponseSchema } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { loadOrCreatePaymentSecret, PAYMENT_SECRET_FILE } from './payment-secret';
import { addMonths } from './plan-term';
import { notificationSignature, type SignedFields } from './yoomoney';

let t: TestApp;
let secret: string;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  secret = await loadOrCreatePaymentSecret(t.env.DATA_DIR);
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const INFO = '/api/v1/rest/subscribes/get-subscribe-info';
const BUY = '/api/subscribe/buy';
const DAY = 86_400_000;

async function checkout(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: INFO,
    headers: user.headers,
    payload: {
      subscribe_id: 2,
      type: 'month',
      options: [{ id: 'method', value: 'mir' }],
      user_id: user.id,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return SubscribeInfoResponseSchema.parse(res.json()).data;
}

let operation = 0;
/** A notification as YooMoney sends it, signed with `key` after `over` is applied. */
function notification(label: string, amount: string, over: Partial<SignedFields> = {}, key = secret) {
  const fields: SignedFields = {
    notification_type: 'card-incoming',
    operation_id: `op-${Date.now()}-${++operation}-${randomBytes(3).toString('hex')}`,
    amount,
    currency: '643',
    datetime: new Date().toISOString(),
    sender: '',
    codepro: 'false',
    label,
    ...over,
  };
  return {
    ...fields,
    withdraw_amount: amount,
    unaccepted: 'false',
    sha1_hash: notificationSignature(fields, key),
  } as Record<string, string>;
}

const deliver = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: BUY,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const userRow = (id: number) => t.prisma.user.findUniqueOrThrow({ where: { id } });
const orderRow = (label: string) => t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } });

describe('POST /api/v1/rest/subscribes/get-subscribe-info', () => {
  it('creates a pending order and answers the sandbox form in test mode', async () => {
    const user = await createUser(t);
    const data = await checkout(user);
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
    const order = await orderRow(data.label);
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
    const year = await checkout(user, {
      subscribe_id: 3,
      type: 'year',
      options: [{ id: 'method', value: 'sbp' }],
    });
    expect(year).toMatchObject({ sum: '28704.00', targets: 'Тариф «Корп» на 12 месяцев', paymentType: 'AC' });
    expect((await orderRow(year.label)).method).toBe('sbp');
    const { label } = await checkout(user, { options: undefined });
    expect((await orderRow(label)).method).toBe('mir');
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
    expect((await orderRow(forOther.json().data.label)).userId).toBe(other.id);
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

describe('GET /api/v1/rest/payments/settings', () => {
  it('says test mode', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({ url: '/api/v1/rest/payments/settings', headers: user.headers });
    expect(res.json()).toEqual({ success: true, message: '', data: { test_mode: true, mode: 'test' } });
    expect((await t.app.inject({ url: '/api/v1/rest/payments/settings' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v1/rest/payments/settings?x=1', headers: user.headers })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/subscribe/buy', () => {
  it('grants the plan for a month on a valid notification', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    const before = Date.now();
    const res = await deliver({ ...notification(label, sum), test_field_from_provider: 'kept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Оплата принята, тариф подключён', data: null });

    const row = await userRow(user.id);
    expect(row.planId).toBe(2);
    const expected = addMonths(new Date(before), 1).getTime();
    expect(Math.abs(row.planExpiresAt!.getTime() - expected)).toBeLessThan(10_000);
    const order = await orderRow(label);
    expect(order.status).toBe('paid');
    expect(order.paidAt).not.toBeNull();
    expect(order.grantedUntil?.getTime()).toBe(row.planExpiresAt?.getTime());
    const stored = await t.prisma.paymentNotification.findMany({ where: { orderId: order.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ currency: '643', notificationType: 'card-incoming' });
    expect(stored[0]!.amount.toFixed(2)).toBe('990.00');
  });

  it('400 for a forged signature and changes nothing', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    const forged = [
      notification(label, sum, {}, 'not-the-secret'),
      { ...notification(label, sum), sha1_hash: '0'.repeat(40) },
      { ...notification(label, sum), sha1_hash: '' },
      // Signed for 1 ruble, then the amount was raised.
      { ...notification(label, '1.00'), amount: sum },
      // The label is signed too: a valid notification cannot be re-aimed at another order.
      { ...notification('someone-elses-label', sum), label },
    ];
    for (const fields of forged) {
      const res = await deliver(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Неверная подпись уведомления');
    }
    expect(await userRow(user.id)).toMatchObject({ planId: 1, planExpiresAt: null });
    expect((await orderRow(label)).status).toBe('pending');
    expect(await t.prisma.paymentNotification.count({ where: { order: { label } } })).toBe(0);
  });

  it('applies a replayed operation_id once; duplicates answer 200', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    const fields = notification(label, sum);
    expect((await deliver(fields)).statusCode).toBe(200);
    const first = (await userRow(user.id)).planExpiresAt;
    const again = await deliver(fields);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Уведомление уже обработано');
    expect((await userRow(user.id)).planExpiresAt).toEqual(first);
    expect(await t.prisma.paymentNotification.count({ where: { operationId: fields.operation_id } })).toBe(1);
  });

  it('a second, different payment for a paid order grants nothing more', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    await deliver(notification(label, sum));
    const first = (await userRow(user.id)).planExpiresAt;
    const second = await deliver(notification(label, sum));
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('Заказ уже оплачен');
    expect((await userRow(user.id)).planExpiresAt).toEqual(first);
  });

  it('20 concurrent deliveries of one notification apply it once', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    const fields = notification(label, sum);
    const before = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(fields)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.json().message === 'Оплата принята, тариф подключён')).toHaveLength(1);
    expect(await t.prisma.paymentNotification.count({ where: { operationId: fields.operation_id } })).toBe(1);
    const row = await userRow(user.id);
    // Moved by exactly one month, not twenty.
    expect(Math.abs(row.planExpiresAt!.getTime() - addMonths(new Date(before), 1).getTime())).toBeLessThan(
      10_000,
    );
  });

  it('two different orders of one user paid at once both count (the user row is locked)', async () => {
    const user = await createUser(t);
    const a = await checkout(user);
    const b = await checkout(user);
    const before = Date.now();
    const results = await Promise.all([
      deliver(notification(a.label, a.sum)),
      deliver(notification(b.label, b.sum)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const row = await userRow(user.id);
    expect(Math.abs(row.planExpiresAt!.getTime() - addMonths(new Date(before), 2).getTime())).toBeLessThan(
      10_000,
    );
  });

  it('accepts an amount short of the price by at most the commission, never by withdraw_amount', async () => {
    const user = await createUser(t);
    const { label } = await checkout(user); // 990.00; 3 % commission → at least 960.30
    const short = await deliver({ ...notification(label, '960.29'), withdraw_amount: '990.00' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Сумма платежа меньше цены заказа');
    expect((await orderRow(label)).status).toBe('pending');
    const enough = await deliver(notification(label, '960.30'));
    expect(enough.statusCode, enough.body).toBe(200);
    expect((await orderRow(label)).status).toBe('paid');
  });

  it.each<[string, Partial<SignedFields> | Record<string, string>, string]>([
    ['wrong currency', { currency: '840' }, 'Платёж не в рублях'],
    ['codepro true', { codepro: 'true' }, 'Платёж защищён кодом протекции и не зачислен'],
    ['unknown label', { label: 'no-such-order' }, 'Заказ не найден'],
    ['empty label', { label: '' }, 'Заказ не найден'],
    ['bad amount', { amount: '-1' }, 'Некорректная сумма платежа'],
  ])('400 for %s (signed correctly)', async (_case, over, message) => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    const res = await deliver(notification(label, sum, over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await orderRow(label)).status).toBe('pending');
    expect((await userRow(user.id)).planId).toBe(1);
  });

  it('400 for an unaccepted transfer', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    const res = await deliver({ ...notification(label, sum), unaccepted: 'true' });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(label)).status).toBe('pending');
  });

  it.each<[string, Partial<SignedFields>]>([
    ['operation_id', { operation_id: 'op\u0000nul' }],
    ['label', { label: 'abc\u0000' }],
    ['sender', { sender: '4100\u0000' }],
    ['datetime', { datetime: '2026-01-01\u0000' }],
  ])('400, never 500, for a NUL in %s even when signed correctly', async (_field, over) => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    const res = await deliver(notification(label, sum, over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: null, message: 'Недопустимые символы' });
    expect((await orderRow(label)).status).toBe('pending');
  });

  it("answers YooMoney's signed test notification with 200 and changes nothing", async () => {
    const res = await deliver({
      ...notification('', '100.00', { notification_type: 'p2p-incoming', sender: '41001000040' }),
      test_notification: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Тестовое уведомление получено');
  });

  it('400 for missing or malformed fields', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(user);
    const { sha1_hash: _, ...unsigned } = notification(label, sum);
    expect((await deliver(unsigned)).statusCode).toBe(400);
    const { operation_id: __, ...noOperation } = notification(label, sum);
    expect((await deliver(noOperation)).statusCode).toBe(400);
    const long = await deliver({ ...notification(label, sum), operation_id: 'x'.repeat(500) });
    expect(long.statusCode).toBe(400);
    const twice = await t.app.inject({
      method: 'POST',
      url: BUY,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(notification(label, sum)).toString()}&label=x`,
    });
    expect(twice.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: BUY,
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
    expect((await orderRow(label)).status).toBe('pending');
  });
});

describe('plan term through notifications', () => {
  it('extends an active plan from its end date', async () => {
    const end = new Date(Date.now() + 10 * DAY);
    const user = await createUser(t, { planId: 2, planExpiresAt: end });
    const year = await checkout(user, { type: 'year' });
    expect((await deliver(notification(year.label, year.sum))).statusCode).toBe(200);
    expect((await userRow(user.id)).planExpiresAt?.toISOString()).toBe(addMonths(end, 12).toISOString());
    expect((await orderRow(year.label)).grantedUntil?.toISOString()).toBe(addMonths(end, 12).toISOString());
  });

  it('restarts from now when the same plan has lapsed', async () => {
    const user = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() - 5 * DAY) });
    const { label, sum } = await checkout(user);
    const before = Date.now();
    await deliver(notification(label, sum));
    const row = await userRow(user.id);
    expect(Math.abs(row.planExpiresAt!.getTime() - addMonths(new Date(before), 1).getTime())).toBeLessThan(
      10_000,
    );
  });

  it('switching plans credits the money paid for the unused time, once (decision 0091)', async () => {
    const user = await createUser(t);
    const pro = await checkout(user); // Про, 990.00 for a month
    await deliver(notification(pro.label, pro.sum));
    const corp = await checkout(user, { subscribe_id: 3 }); // Корп, 2 990.00 for a month
    await deliver(notification(corp.label, corp.sum));

    const proOrder = await orderRow(pro.label);
    const corpOrder = await orderRow(corp.label);
    // Almost the whole Про month was unused: almost all of its 990 ₽ moved into the Корп term.
    expect(Number(corpOrder.credit)).toBeGreaterThan(989.9);
    expect(Number(corpOrder.credit)).toBeLessThanOrEqual(990);
    expect(proOrder.supersededAt?.getTime()).toBe(corpOrder.paidAt?.getTime());
    const paidAt = corpOrder.paidAt as Date;
    const periodMs = addMonths(paidAt, 1).getTime() - paidAt.getTime();
    const creditMs = Math.floor((Math.round(Number(corpOrder.credit) * 100) * periodMs) / 299_000);
    expect(corpOrder.termStart?.getTime()).toBe(paidAt.getTime());
    expect(corpOrder.grantedUntil?.getTime()).toBe(addMonths(paidAt, 1).getTime() + creditMs);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ planId: 3, planExpiresAt: corpOrder.grantedUntil });

    // Back to Про: the Корп term carries its own 2 990 ₽ and the credit; the superseded Про order counts
    // no more, so the credit is about 3 980 ₽, not 4 970 ₽.
    const back = await checkout(user);
    await deliver(notification(back.label, back.sum));
    const backOrder = await orderRow(back.label);
    expect(Number(backOrder.credit)).toBeGreaterThan(3979);
    expect(Number(backOrder.credit)).toBeLessThanOrEqual(3980);
    expect((await orderRow(corp.label)).supersededAt).not.toBeNull();
  });

  it('a plan granted by an admin (no paid order) is replaced without credit', async () => {
    const user = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() + 30 * DAY) });
    const corp = await checkout(user, { subscribe_id: 3 });
    const before = Date.now();
    await deliver(notification(corp.label, corp.sum));
    const row = await userRow(user.id);
    expect(row.planId).toBe(3);
    expect(Math.abs(row.planExpiresAt!.getTime() - addMonths(new Date(before), 1).getTime())).toBeLessThan(
      10_000,
    );
    expect((await orderRow(corp.label)).credit.toFixed(2)).toBe('0.00');
  });
});

describe('test-mode sandbox', () => {
  it('checkout → sandbox page → pay → 303 → profile shows the new plan', async () => {
    const user = await createUser(t);
    const info = await checkout(user, { subscribe_id: 3, type: 'month' });
    const { action, test_mode: _, ...form } = info;
    const page = await t.app.inject({
      method: 'POST',
      url: new URL(action).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('Тестовая оплата');
    expect(page.body).toContain('Корп');
    expect(page.body).toContain('1 месяц');
    expect(page.body).toContain('2\u00a0990,00\u00a0₽');
    expect(page.body).toContain(info.label);
    expect(page.body).toContain('деньги не списываются');
    expect(page.body).toContain('>Оплатить</button>');
    expect(page.body).toContain('Отменить');
    expect(page.body).toContain('href="http://cabinet.test/app/subscription?payment=cancelled"');
    expect(page.body).toContain('action="sandbox/pay"');
    expect(page.body).not.toMatch(/<script/i);

    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ label: info.label }).toString(),
    });
    expect(pay.statusCode, pay.body).toBe(303);
    expect(pay.headers.location).toBe(info.successURL);

    const me = await t.app.inject({ url: '/api/v1/rest/profile/me', headers: user.headers });
    expect(me.json().data).toMatchObject({ subscribe_id: 3, subscribe: { id: 3, name: 'Корп' } });
    const expires = new Date(me.json().data.subscribe_expires_at).getTime();
    expect(Math.abs(expires - addMonths(new Date(), 1).getTime())).toBeLessThan(60_000);

    // Paying again (back button) changes nothing and still lands on the cabinet.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `label=${info.label}`,
    });
    expect(again.statusCode).toBe(303);
    expect((await userRow(user.id)).planExpiresAt?.getTime()).toBe(expires);
    expect(await t.prisma.paymentNotification.count({ where: { order: { label: info.label } } })).toBe(1);

    // The page of a paid order says so.
    const paidPage = await t.app.inject({ url: `/api/subscribe/sandbox?label=${info.label}` });
    expect(paidPage.statusCode).toBe(200);
    expect(paidPage.body).toContain('Этот заказ уже оплачен');
    expect(paidPage.body).not.toContain('>Оплатить</button>');
  });

  it('GET with a query shows the page too; unknown labels are 404 pages', async () => {
    const user = await createUser(t);
    const { label } = await checkout(user);
    const page = await t.app.inject({ url: `/api/subscribe/sandbox?label=${label}&sum=1` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Тестовая оплата');
    const missing = await t.app.inject({ url: `/api/subscribe/sandbox?label=${'0'.repeat(32)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.body).toContain('Заказ не найден');
    expect((await t.app.inject({ url: '/api/subscribe/sandbox' })).statusCode).toBe(404);
    const payMissing = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `label=${'0'.repeat(32)}`,
    });
    expect(payMissing.statusCode).toBe(404);
    expect(payMissing.body).toContain('Заказ не найден');
    const payBad = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'label=<script>',
    });
    expect(payBad.statusCode).toBe(400);
  });

  it('escapes what it prints', async () => {
    const user = await createUser(t);
    const plan = await t.prisma.plan.create({
      data: {
        name: `<img src=x onerror=alert(1)>${Date.now() % 1000}`,
        priceMonth: '5',
        priceYear: '50',
        maxMembers: 2,
        maxOrganizations: 1,
      },
    });
    const { label } = await checkout(user, { subscribe_id: plan.id });
    const page = await t.app.inject({ url: `/api/subscribe/sandbox?label=${label}` });
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('GET /api/v1/rest/payments', () => {
  it("shows the caller's own orders, newest first; admins see everyone's with the user", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const first = await checkout(user);
    await deliver(notification(first.label, first.sum));
    const second = await checkout(user, {
      subscribe_id: 3,
      type: 'year',
      options: [{ id: 'method', value: 'sbp' }],
    });
    const foreign = await checkout(other);

    const mine = await t.app.inject({ url: '/api/v1/rest/payments', headers: user.headers });
    expect(mine.statusCode).toBe(200);
    const body = PaymentListResponseSchema.parse(mine.json());
    expect(body.data.map((p) => p.label)).toEqual([second.label, first.label]);
    expect(body.meta).toEqual({ page: 1, perPage: 20, total: 2, pages: 1 });
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      label: second.label,
      plan: { id: 3, name: 'Корп' },
      period: 'year',
      method: 'sbp',
      amount: '28704.00',
      status: 'pending',
      paid_at: null,
      granted_until: null,
      created_at: expect.any(String),
      test: true,
    });
    expect(body.data[1]).toMatchObject({
      status: 'paid',
      paid_at: expect.any(String),
      granted_until: expect.any(String),
    });
    expect(body.data.some((p) => p.label === foreign.label)).toBe(false);

    const paidOnly = await t.app.inject({ url: '/api/v1/rest/payments?status=paid', headers: user.headers });
    expect(paidOnly.json().data.map((p: { label: string }) => p.label)).toEqual([first.label]);
    const self = await t.app.inject({
      url: `/api/v1/rest/payments?user_id=${user.id}`,
      headers: user.headers,
    });
    expect(self.statusCode).toBe(200);
    const snoop = await t.app.inject({
      url: `/api/v1/rest/payments?user_id=${other.id}`,
      headers: user.headers,
    });
    expect(snoop.statusCode).toBe(403);

    const all = await t.app.inject({ url: '/api/v1/rest/payments?perPage=100', headers: admin.headers });
    const labels = all.json().data.map((p: { label: string }) => p.label);
    expect(labels).toEqual(expect.arrayContaining([first.label, second.label, foreign.label]));
    expect(all.json().data.find((p: { label: string }) => p.label === foreign.label).user).toEqual({
      id: other.id,
      email: other.email,
    });
    const filtered = await t.app.inject({
      url: `/api/v1/rest/payments?user_id=${other.id}`,
      headers: admin.headers,
    });
    expect(filtered.json().data.map((p: { label: string }) => p.label)).toEqual([foreign.label]);
  });

  it('401 and 400', async () => {
    const user = await createUser(t);
    expect((await t.app.inject({ url: '/api/v1/rest/payments' })).statusCode).toBe(401);
    for (const query of ['page=0', 'perPage=1000', 'user_id=abc', 'status=refunded', 'sort=1']) {
      expect(
        (await t.app.inject({ url: `/api/v1/rest/payments?${query}`, headers: user.headers })).statusCode,
        query,
      ).toBe(400);
    }
  });
});

describe('the test-mode secret', () => {
  it('is kept in DATA_DIR/payment-secret with mode 0600', async () => {
    const stat = await fs.stat(path.join(t.env.DATA_DIR, PAYMENT_SECRET_FILE));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(secret.length).toBeGreaterThanOrEqual(43);
  });

  it('is made once, even by concurrent starts', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'payment-secret-'));
    try {
      const secrets = await Promise.all(Array.from({ length: 10 }, () => loadOrCreatePaymentSecret(dir)));
      expect(new Set(secrets).size).toBe(1);
      expect(await loadOrCreatePaymentSecret(dir)).toBe(secrets[0]);
      expect(await fs.readdir(dir)).toEqual([PAYMENT_SECRET_FILE]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
