import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { checkout, deliver, orderRow, signedNotification, userRow } from '../../../test/payments';
import type { SignedFields } from '../../adapters/yoomoney';
import { loadOrCreatePaymentSecret } from '../payments/payments.config';
import { addMonths } from './plan-term';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  secret = await loadOrCreatePaymentSecret(t.env.DATA_DIR);
});
afterAll(async () => {
  await t?.close();
});

const BUY = '/api/subscribe/buy';
const DAY = 86_400_000;

/** A notification as YooMoney sends it, signed with `key` (the test-mode secret unless given). */
const notification = (label: string, amount: string, over: Partial<SignedFields> = {}, key = secret) =>
  signedNotification(key, label, amount, over);

describe('POST /api/subscribe/buy', () => {
  it('grants the plan for a month on a valid notification', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    const before = Date.now();
    const res = await deliver(t, { ...notification(label, sum), test_field_from_provider: 'kept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Оплата принята, тариф подключён', data: null });

    const row = await userRow(t, user.id);
    expect(row.planId).toBe(2);
    const expected = addMonths(new Date(before), 1).getTime();
    expect(Math.abs(row.planExpiresAt!.getTime() - expected)).toBeLessThan(10_000);
    const order = await orderRow(t, label);
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
    const { label, sum } = await checkout(t, user);
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
      const res = await deliver(t, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Неверная подпись уведомления');
    }
    expect(await userRow(t, user.id)).toMatchObject({ planId: 1, planExpiresAt: null });
    expect((await orderRow(t, label)).status).toBe('pending');
    expect(await t.prisma.paymentNotification.count({ where: { order: { label } } })).toBe(0);
  });

  it('applies a replayed operation_id once; duplicates answer 200', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    const fields = notification(label, sum);
    expect((await deliver(t, fields)).statusCode).toBe(200);
    const first = (await userRow(t, user.id)).planExpiresAt;
    const again = await deliver(t, fields);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Уведомление уже обработано');
    expect((await userRow(t, user.id)).planExpiresAt).toEqual(first);
    expect(await t.prisma.paymentNotification.count({ where: { operationId: fields.operation_id } })).toBe(1);
  });

  it('a second, different payment for a paid order grants nothing more', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    await deliver(t, notification(label, sum));
    const first = (await userRow(t, user.id)).planExpiresAt;
    const second = await deliver(t, notification(label, sum));
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('Заказ уже оплачен');
    expect((await userRow(t, user.id)).planExpiresAt).toEqual(first);
  });

  it('20 concurrent deliveries of one notification apply it once', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    const fields = notification(label, sum);
    const before = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(t, fields)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.json().message === 'Оплата принята, тариф подключён')).toHaveLength(1);
    expect(await t.prisma.paymentNotification.count({ where: { operationId: fields.operation_id } })).toBe(1);
    const row = await userRow(t, user.id);
    // Moved by exactly one month, not twenty.
    expect(Math.abs(row.planExpiresAt!.getTime() - addMonths(new Date(before), 1).getTime())).toBeLessThan(
      10_000,
    );
  });

  it('two different orders of one user paid at once both count (the user row is locked)', async () => {
    const user = await createUser(t);
    const a = await checkout(t, user);
    const b = await checkout(t, user);
    const before = Date.now();
    const results = await Promise.all([
      deliver(t, notification(a.label, a.sum)),
      deliver(t, notification(b.label, b.sum)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const row = await userRow(t, user.id);
    expect(Math.abs(row.planExpiresAt!.getTime() - addMonths(new Date(before), 2).getTime())).toBeLessThan(
      10_000,
    );
  });

  it('accepts an amount short of the price by at most the commission, never by withdraw_amount', async () => {
    const user = await createUser(t);
    const { label } = await checkout(t, user); // 990.00; 3 % commission → at least 960.30
    const short = await deliver(t, { ...notification(label, '960.29'), withdraw_amount: '990.00' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Сумма платежа меньше цены заказа');
    expect((await orderRow(t, label)).status).toBe('pending');
    const enough = await deliver(t, notification(label, '960.30'));
    expect(enough.statusCode, enough.body).toBe(200);
    expect((await orderRow(t, label)).status).toBe('paid');
  });

  it.each<[string, Partial<SignedFields> | Record<string, string>, string]>([
    ['wrong currency', { currency: '840' }, 'Платёж не в рублях'],
    ['codepro true', { codepro: 'true' }, 'Платёж защищён кодом протекции и не зачислен'],
    ['unknown label', { label: 'no-such-order' }, 'Заказ не найден'],
    ['empty label', { label: '' }, 'Заказ не найден'],
    ['bad amount', { amount: '-1' }, 'Некорректная сумма платежа'],
  ])('400 for %s (signed correctly)', async (_case, over, message) => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    const res = await deliver(t, notification(label, sum, over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await orderRow(t, label)).status).toBe('pending');
    expect((await userRow(t, user.id)).planId).toBe(1);
  });

  it('400 for an unaccepted transfer', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    const res = await deliver(t, { ...notification(label, sum), unaccepted: 'true' });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(t, label)).status).toBe('pending');
  });

  it.each<[string, Partial<SignedFields>]>([
    ['operation_id', { operation_id: 'op\u0000nul' }],
    ['label', { label: 'abc\u0000' }],
    ['sender', { sender: '4100\u0000' }],
    ['datetime', { datetime: '2026-01-01\u0000' }],
  ])('400, never 500, for a NUL in %s even when signed correctly', async (_field, over) => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    const res = await deliver(t, notification(label, sum, over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: null, message: 'Недопустимые символы' });
    expect((await orderRow(t, label)).status).toBe('pending');
  });

  it("answers YooMoney's signed test notification with 200 and changes nothing", async () => {
    const res = await deliver(t, {
      ...notification('', '100.00', { notification_type: 'p2p-incoming', sender: '41001000040' }),
      test_notification: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Тестовое уведомление получено');
  });

  it('400 for missing or malformed fields', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    const { sha1_hash: _, ...unsigned } = notification(label, sum);
    expect((await deliver(t, unsigned)).statusCode).toBe(400);
    const { operation_id: __, ...noOperation } = notification(label, sum);
    expect((await deliver(t, noOperation)).statusCode).toBe(400);
    const long = await deliver(t, { ...notification(label, sum), operation_id: 'x'.repeat(500) });
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
    expect((await orderRow(t, label)).status).toBe('pending');
  });
});

describe('plan term through notifications', () => {
  it('extends an active plan from its end date', async () => {
    const end = new Date(Date.now() + 10 * DAY);
    const user = await createUser(t, { planId: 2, planExpiresAt: end });
    const year = await checkout(t, user, { type: 'year' });
    expect((await deliver(t, notification(year.label, year.sum))).statusCode).toBe(200);
    expect((await userRow(t, user.id)).planExpiresAt?.toISOString()).toBe(addMonths(end, 12).toISOString());
    expect((await orderRow(t, year.label)).grantedUntil?.toISOString()).toBe(
      addMonths(end, 12).toISOString(),
    );
  });

  it('restarts from now when the same plan has lapsed', async () => {
    const user = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() - 5 * DAY) });
    const { label, sum } = await checkout(t, user);
    const before = Date.now();
    await deliver(t, notification(label, sum));
    const row = await userRow(t, user.id);
    expect(Math.abs(row.planExpiresAt!.getTime() - addMonths(new Date(before), 1).getTime())).toBeLessThan(
      10_000,
    );
  });

  it('switching plans credits the money paid for the unused time, once (decision 0091)', async () => {
    const user = await createUser(t);
    const pro = await checkout(t, user); // Про, 990.00 for a month
    await deliver(t, notification(pro.label, pro.sum));
    const corp = await checkout(t, user, { subscribe_id: 3 }); // Корп, 2 990.00 for a month
    await deliver(t, notification(corp.label, corp.sum));

    const proOrder = await orderRow(t, pro.label);
    const corpOrder = await orderRow(t, corp.label);
    // Almost the whole Про month was unused: almost all of its 990 ₽ moved into the Корп term.
    expect(Number(corpOrder.credit)).toBeGreaterThan(989.9);
    expect(Number(corpOrder.credit)).toBeLessThanOrEqual(990);
    expect(proOrder.supersededAt?.getTime()).toBe(corpOrder.paidAt?.getTime());
    const paidAt = corpOrder.paidAt as Date;
    const periodMs = addMonths(paidAt, 1).getTime() - paidAt.getTime();
    const creditMs = Math.floor((Math.round(Number(corpOrder.credit) * 100) * periodMs) / 299_000);
    expect(corpOrder.termStart?.getTime()).toBe(paidAt.getTime());
    expect(corpOrder.grantedUntil?.getTime()).toBe(addMonths(paidAt, 1).getTime() + creditMs);
    const row = await userRow(t, user.id);
    expect(row).toMatchObject({ planId: 3, planExpiresAt: corpOrder.grantedUntil });

    // Back to Про: the Корп term carries its own 2 990 ₽ and the credit; the superseded Про order counts
    // no more, so the credit is about 3 980 ₽, not 4 970 ₽.
    const back = await checkout(t, user);
    await deliver(t, notification(back.label, back.sum));
    const backOrder = await orderRow(t, back.label);
    expect(Number(backOrder.credit)).toBeGreaterThan(3979);
    expect(Number(backOrder.credit)).toBeLessThanOrEqual(3980);
    expect((await orderRow(t, corp.label)).supersededAt).not.toBeNull();
  });

  it('a plan granted by an admin (no paid order) is replaced without credit', async () => {
    const user = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() + 30 * DAY) });
    const corp = await checkout(t, user, { subscribe_id: 3 });
    const before = Date.now();
    await deliver(t, notification(corp.label, corp.sum));
    const row = await userRow(t, user.id);
    expect(row.planId).toBe(3);
    expect(Math.abs(row.planExpiresAt!.getTime() - addMonths(new Date(before), 1).getTime())).toBeLessThan(
      10_000,
    );
    expect((await orderRow(t, corp.label)).credit.toFixed(2)).toBe('0.00');
  });
});

// Signed money that buys nothing is kept for a refund, once per operation_id (decision 0092).
const refundsOf = (operationId: string) => t.prisma.paymentRefund.findMany({ where: { operationId } });

/** Delivers the same notification `times` times (the provider's retries) and returns the answers. */
async function deliverRepeatedly(fields: Record<string, string>, times = 3) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await deliver(t, fields));
  return answers.map((res) => ({ status: res.statusCode, message: res.json().message as string }));
}

describe('refund cases of POST /api/subscribe/buy', () => {
  it('an unknown label: 400 as before, stored once with its signed fields', async () => {
    const fields = notification('no-such-order', '990.00', { sender: '41001000040' });
    const answers = await deliverRepeatedly(fields);
    expect(answers).toEqual(Array(3).fill({ status: 400, message: 'Заказ не найден' }));
    const rows = await refundsOf(fields.operation_id as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: 'unknown_label',
      label: 'no-such-order',
      orderId: null,
      email: null,
      test: true,
      resolvedAt: null,
    });
    expect(rows[0]!.amount.toFixed(2)).toBe('990.00');
    expect(rows[0]!.fields).toEqual({
      notification_type: 'card-incoming',
      operation_id: fields.operation_id,
      amount: '990.00',
      currency: '643',
      datetime: fields.datetime,
      sender: '41001000040',
      codepro: 'false',
      label: 'no-such-order',
      sha1_hash: fields.sha1_hash,
      withdraw_amount: '990.00',
    });
  });

  it('money sent without a label is an unknown label too', async () => {
    const fields = notification('', '500.00');
    expect((await deliver(t, fields)).statusCode).toBe(400);
    expect(await refundsOf(fields.operation_id as string)).toMatchObject([
      { reason: 'unknown_label', label: '' },
    ]);
  });

  it('an order already paid by another operation: 200 as before, stored once with the order and e-mail', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    expect((await deliver(t, notification(label, sum))).statusCode).toBe(200);
    const second = notification(label, sum);
    const answers = await deliverRepeatedly(second);
    expect(answers).toEqual(Array(3).fill({ status: 200, message: 'Заказ уже оплачен' }));
    const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } });
    expect(await refundsOf(second.operation_id as string)).toMatchObject([
      { reason: 'already_paid', orderId: order.id, email: user.email, label },
    ]);
    // The operation that paid is no refund case, however often it comes again.
    expect(await t.prisma.paymentRefund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it('an amount short of the price: 400 as before, stored once', async () => {
    const user = await createUser(t);
    const { label } = await checkout(t, user);
    const fields = notification(label, '500.00');
    const answers = await deliverRepeatedly(fields);
    expect(answers).toEqual(Array(3).fill({ status: 400, message: 'Сумма платежа меньше цены заказа' }));
    const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } });
    expect(order.status).toBe('pending');
    const rows = await refundsOf(fields.operation_id as string);
    expect(rows).toMatchObject([{ reason: 'amount_short', orderId: order.id, email: user.email }]);
    expect(rows[0]!.amount.toFixed(2)).toBe('500.00');
  });

  it('concurrent deliveries of one refund case store one row', async () => {
    const fields = notification('still-no-such-order', '100.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(t, fields)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(400));
    expect(await refundsOf(fields.operation_id as string)).toHaveLength(1);
  });

  it.each<[string, Partial<SignedFields>, Record<string, string>]>([
    ['another currency', { currency: '840' }, {}],
    ['codepro', { codepro: 'true' }, {}],
    ['an unaccepted transfer', {}, { unaccepted: 'true' }],
  ])('%s is refused (400) and not stored: the money is not ours yet', async (_case, over, extra) => {
    const fields = { ...notification('no-such-order', '990.00', over), ...extra };
    expect((await deliver(t, fields)).statusCode).toBe(400);
    expect(await refundsOf(fields.operation_id as string)).toHaveLength(0);
  });

  it('a bad signature is refused and not stored', async () => {
    const fields = signedNotification('not-the-secret', 'no-such-order', '990.00');
    expect((await deliver(t, fields)).statusCode).toBe(400);
    expect(await refundsOf(fields.operation_id as string)).toHaveLength(0);
  });
});
