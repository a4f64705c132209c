import { RefundListResponseSchema, RefundResponseSchema } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { loadOrCreatePaymentSecret } from './payment-secret';
import { checkout, deliver, signedNotification } from './payments.test-support';
import type { SignedFields } from './yoomoney';

// Signed money that buys nothing is kept for a refund, once per operation_id (decision 0092).
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

const REFUNDS = '/api/v1/rest/admin/refunds';
const notification = (label: string, amount: string, over: Partial<SignedFields> = {}) =>
  signedNotification(secret, label, amount, over);
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

describe('GET /api/v1/rest/admin/refunds and POST …/{id}/resolve', () => {
  it('lists cases newest first with the payer and resolves them once', async () => {
    const user = await createUser(t);
    const { label } = await checkout(t, user);
    const short = notification(label, '10.00');
    await deliver(t, short);
    const unknown = notification('label-nobody-made', '20.00');
    await deliver(t, unknown);

    const res = await t.app.inject({ url: `${REFUNDS}?perPage=100`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = RefundListResponseSchema.parse(res.json());
    const ids = body.data.map((r) => r.operation_id);
    expect(ids.indexOf(unknown.operation_id as string)).toBeLessThan(
      ids.indexOf(short.operation_id as string),
    );
    const shortCase = body.data.find((r) => r.operation_id === short.operation_id)!;
    expect(shortCase).toMatchObject({
      label,
      amount: '10.00',
      reason: 'amount_short',
      user: { id: user.id, email: user.email },
      test: true,
      resolved_at: null,
      resolved_by: null,
    });
    expect(body.data.find((r) => r.operation_id === unknown.operation_id)).toMatchObject({
      order_id: null,
      user: null,
    });
    expect(body.meta).toMatchObject({ page: 1, perPage: 100 });

    const resolve = () =>
      t.app.inject({ method: 'POST', url: `${REFUNDS}/${shortCase.id}/resolve`, headers: admin.headers });
    const first = await resolve();
    expect(first.statusCode, first.body).toBe(200);
    const resolved = RefundResponseSchema.parse(first.json()).data;
    expect(resolved).toMatchObject({ id: shortCase.id, resolved_by: admin.email });
    expect(resolved.resolved_at).not.toBeNull();
    const again = RefundResponseSchema.parse((await resolve()).json()).data;
    expect(again.resolved_at).toBe(resolved.resolved_at);

    const open = await t.app.inject({ url: `${REFUNDS}?status=open&perPage=100`, headers: admin.headers });
    const openIds = open.json().data.map((r: { id: number }) => r.id);
    expect(openIds).not.toContain(shortCase.id);
    expect(open.json().data.every((r: { resolved_at: string | null }) => r.resolved_at === null)).toBe(true);
    const done = await t.app.inject({ url: `${REFUNDS}?status=resolved`, headers: admin.headers });
    expect(done.json().data.map((r: { id: number }) => r.id)).toContain(shortCase.id);
  });

  it('401 without a session, 403 for a non-admin, 404 and 400', async () => {
    const user = await createUser(t);
    await deliver(t, notification('yet-another-unknown', '30.00'));
    const [any] = await t.prisma.paymentRefund.findMany({ take: 1 });
    expect((await t.app.inject({ url: REFUNDS })).statusCode).toBe(401);
    expect((await t.app.inject({ url: REFUNDS, headers: user.headers })).statusCode).toBe(403);
    const post = (id: string | number, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `${REFUNDS}/${id}/resolve`, headers });
    expect((await t.app.inject({ method: 'POST', url: `${REFUNDS}/${any!.id}/resolve` })).statusCode).toBe(
      401,
    );
    expect((await post(any!.id, user.headers)).statusCode).toBe(403);
    expect(
      (await t.prisma.paymentRefund.findUniqueOrThrow({ where: { id: any!.id } })).resolvedAt,
    ).toBeNull();
    const missing = await post(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Возврат не найден');
    for (const id of ['abc', '-1', '1.5', '2147483648']) expect((await post(id)).statusCode, id).toBe(400);
    for (const query of ['page=0', 'perPage=1000', 'status=closed', 'sort=1']) {
      expect(
        (await t.app.inject({ url: `${REFUNDS}?${query}`, headers: admin.headers })).statusCode,
        query,
      ).toBe(400);
    }
  });
});
