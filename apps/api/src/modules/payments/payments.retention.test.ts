import { PaymentListResponseSchema } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type TestUser } from '../../../test/factories';
import { checkout, deliver, signedNotification, startPaymentsApp } from '../../../test/payments';

// Payment records outlive the account that made them, and nothing financial is cascade-deleted
// (decision 0093).
let t: TestApp, secret: string, admin: TestUser;
beforeAll(async () => {
  ({ t, secret, admin } = await startPaymentsApp());
});
afterAll(async () => t?.close());

describe('deleting an account', () => {
  it('keeps its orders and notifications: the user link emptied, the e-mail kept', async () => {
    const user = await createUser(t);
    const paid = await checkout(t, user);
    const pay = signedNotification(secret, paid.label, paid.sum);
    expect((await deliver(t, pay)).statusCode).toBe(200);
    const pending = await checkout(t, user, { subscribe_id: 3 });
    const before = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label: paid.label } });
    expect(before).toMatchObject({ userId: user.id, email: user.email });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rest/profile/delete/${user.id}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.prisma.user.count({ where: { id: user.id } })).toBe(0);

    for (const label of [paid.label, pending.label]) {
      const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } });
      expect(order).toMatchObject({ userId: null, email: user.email });
    }
    const kept = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label: paid.label } });
    expect(kept).toMatchObject({ status: 'paid', paidAt: before.paidAt, grantedUntil: before.grantedUntil });
    expect(
      await t.prisma.paymentNotification.findMany({ where: { operationId: pay.operation_id as string } }),
    ).toMatchObject([{ orderId: kept.id }]);

    // Admins still see the payment, with the kept e-mail.
    const list = await t.app.inject({ url: '/api/v1/rest/payments?perPage=100', headers: admin.headers });
    const item = PaymentListResponseSchema.parse(list.json()).data.find((p) => p.label === paid.label);
    expect(item?.user).toEqual({ id: null, email: user.email });
  });

  it("a payment arriving for a deleted account's order grants nothing and is kept for a refund", async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rest/profile/delete/${user.id}`,
      headers: user.headers,
    });
    const fields = signedNotification(secret, label, sum);
    const res = await deliver(t, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Заказ не найден');
    const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } });
    expect(order.status).toBe('pending');
    expect(
      await t.prisma.paymentRefund.findMany({ where: { operationId: fields.operation_id as string } }),
    ).toMatchObject([{ reason: 'unknown_label', orderId: order.id, email: user.email }]);
  });
});

describe('foreign keys of the payment tables', () => {
  it('no foreign key into or out of a payment table cascades a delete', async () => {
    const keys = await t.prisma.$queryRaw<
      { name: string; source: string; target: string; on_delete: string }[]
    >`
      SELECT c.conname AS name, c.conrelid::regclass::text AS source, c.confrelid::regclass::text AS target,
             c.confdeltype::text AS on_delete
      FROM pg_constraint c
      WHERE c.contype = 'f'
        AND (c.conrelid::regclass::text LIKE 'payment_%' OR c.confrelid::regclass::text LIKE 'payment_%')
      ORDER BY c.conname`;
    // a = NO ACTION, r = RESTRICT, n = SET NULL, c = CASCADE.
    expect(keys.map((k) => [k.name, k.on_delete])).toEqual([
      ['payment_notifications_order_id_fkey', 'r'],
      ['payment_orders_plan_id_fkey', 'r'],
      ['payment_orders_user_id_fkey', 'n'],
      ['payment_refunds_order_id_fkey', 'n'],
    ]);
  });

  it('a paid order cannot be deleted while its notification exists, nor a plan while it has orders', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    await deliver(t, signedNotification(secret, label, sum));
    await expect(t.prisma.paymentOrder.delete({ where: { label } })).rejects.toThrow();
    await expect(t.prisma.plan.delete({ where: { id: 2 } })).rejects.toThrow();
    // The API keeps its answer: 409 naming the paid orders.
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/rest/subscribes/2',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('test payments', () => {
  it('an order made and paid in test mode is marked test in the history', async () => {
    const user = await createUser(t);
    const { label, sum } = await checkout(t, user);
    expect((await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } })).test).toBe(true);
    await deliver(t, signedNotification(secret, label, sum));
    const res = await t.app.inject({ url: '/api/v1/rest/payments?status=paid', headers: user.headers });
    expect(PaymentListResponseSchema.parse(res.json()).data).toMatchObject([{ label, test: true }]);
  });
});
