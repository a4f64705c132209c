import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { notify, startYooKassaApp, yooCheckout } from '../../../test/yookassa';

let s: Awaited<ReturnType<typeof startYooKassaApp>>;
beforeAll(async () => {
  s = await startYooKassaApp();
});
afterAll(async () => {
  await s?.close();
});

async function paidOrder(u: TestUser) {
  const c = await yooCheckout(s.t, u);
  expect((await notify(s.t, s.yk.notification('payment.succeeded', s.yk.pay(c.paymentId)))).statusCode).toBe(
    200,
  );
  return c;
}

const refund = (id: number, payload: object, headers = s.admin.headers) =>
  s.t.app.inject({ method: 'POST', url: `/api/v1/rest/admin/payments/${id}/refund`, headers, payload });

describe('POST /api/v1/rest/admin/payments/{id}/refund (issue 28)', () => {
  it('a partial refund: YooKassa gets the refund with its receipt; the term stays; mail, audit, Возвраты', async () => {
    const u = await createUser(s.t);
    const c = await paidOrder(u);
    const before = (await s.t.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).planExpiresAt;
    const res = await refund(c.order.id, { amount: '300', reason: 'Не подошёл тариф' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      amount: '300.00',
      refunded_amount: '300.00',
      left: '690.00',
      plan_ended: false,
    });
    const call = s.yk.calls('POST', '/refunds').at(-1);
    expect(call?.headers['idempotence-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      payment_id: c.paymentId,
      amount: { value: '300.00', currency: 'RUB' },
      description: 'Не подошёл тариф',
      receipt: {
        customer: { email: u.email },
        items: [
          {
            description: 'Тариф «Про», 1 месяц',
            quantity: '1.00',
            amount: { value: '300.00', currency: 'RUB' },
            vat_code: 1,
            payment_mode: 'full_payment',
            payment_subject: 'service',
          },
        ],
      },
    });
    const account = await s.t.prisma.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(account.planId).toBe(2);
    expect(account.planExpiresAt).toEqual(before);
    expect((await s.t.smtp.nextMail(u.email, 1)).subject).toBe('Возврат оплаты: тариф «Про»');
    expect(
      await s.t.prisma.auditEvent.count({ where: { action: 'payment.refunded', targetId: c.order.id } }),
    ).toBe(1);
    const list = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/rest/admin/refunds',
      headers: s.admin.headers,
    });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ order_id: c.order.id, amount: '300.00', reason: 'provider_refund' }),
    );
    const history = await s.t.app.inject({ method: 'GET', url: '/api/v1/rest/payments', headers: u.headers });
    expect(history.json().data[0]).toMatchObject({
      provider: 'yookassa',
      status: 'paid',
      refunded_amount: '300.00',
    });
  });

  it('more than is left is 409 and asks YooKassa nothing; the rest ends the plan now', async () => {
    const u = await createUser(s.t);
    const c = await paidOrder(u);
    expect((await refund(c.order.id, { amount: '500', reason: 'Часть' })).statusCode).toBe(200);
    const calls = s.yk.calls('POST', '/refunds').length;
    const over = await refund(c.order.id, { amount: '490.01', reason: 'Слишком много' });
    expect(over.statusCode).toBe(409);
    expect(s.yk.calls('POST', '/refunds').length).toBe(calls);
    const rest = await refund(c.order.id, { amount: '490.00', reason: 'Остаток' });
    expect(rest.json().data).toMatchObject({ refunded_amount: '990.00', left: '0.00', plan_ended: true });
    const account = await s.t.prisma.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(account).toMatchObject({ planId: 1, planExpiresAt: null });
    expect((await refund(c.order.id, { amount: '1', reason: 'Ещё' })).statusCode).toBe(409);
  });

  it('bad input is 400 in Russian; not an admin 403; YooKassa down 502 and nothing kept', async () => {
    const u = await createUser(s.t);
    const c = await paidOrder(u);
    for (const payload of [
      { amount: '0', reason: 'x' },
      { amount: '1.001', reason: 'x' },
      { amount: '10' },
      { amount: '10', reason: ' ' },
    ]) {
      const res = await refund(c.order.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[А-Яа-я]/);
    }
    expect((await refund(c.order.id, { amount: '10', reason: 'x' }, u.headers)).statusCode).toBe(403);
    s.yk.failNext(3);
    const down = await refund(c.order.id, { amount: '10', reason: 'x' });
    expect(down.statusCode).toBe(502);
    expect(
      (await s.t.prisma.paymentOrder.findUniqueOrThrow({ where: { id: c.order.id } })).refundedAmount.toFixed(
        2,
      ),
    ).toBe('0.00');
  });

  it('refund.succeeded of a refund made elsewhere is read back and recorded once', async () => {
    const u = await createUser(s.t);
    const c = await paidOrder(u);
    const before = s.yk.refunds.size;
    const res = await fetch(`${s.yk.base}/v3/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${s.yk.shopId}:${s.yk.secretKey}`).toString('base64')}`,
        'idempotence-key': 'dashboard-refund-1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        payment_id: c.paymentId,
        amount: { value: '990.00', currency: 'RUB' },
        receipt: { customer: { email: u.email }, items: [] },
      }),
    });
    const made = (await res.json()) as { id: string };
    expect(s.yk.refunds.size).toBe(before + 1);
    const body = s.yk.notification('refund.succeeded', made);
    expect((await notify(s.t, body)).statusCode).toBe(200);
    expect((await notify(s.t, body)).statusCode).toBe(200);
    expect(await s.t.prisma.paymentRefund.count({ where: { orderId: c.order.id } })).toBe(1);
    expect((await s.t.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).planId).toBe(1);
  });
});
