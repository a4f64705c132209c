import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { notify, startYooKassaApp, yooCheckout } from '../../../test/yookassa';

let s: Awaited<ReturnType<typeof startYooKassaApp>>;
beforeAll(async () => {
  s = await startYooKassaApp();
});
afterAll(async () => {
  await s?.close();
});

const user = (id: number) => s.t.prisma.user.findUniqueOrThrow({ where: { id } });
const order = (id: number) => s.t.prisma.paymentOrder.findUniqueOrThrow({ where: { id } });

describe('POST /api/v1/payments/yookassa/notifications (issue 28)', () => {
  it('payment.succeeded from an allowed address: read back, the plan granted, receipt mail, audit', async () => {
    const u = await createUser(s.t);
    const c = await yooCheckout(s.t, u, { auto_renew: true });
    const object = s.yk.pay(c.paymentId);
    const reads = s.yk.calls('GET', `/payments/${c.paymentId}`).length;
    const res = await notify(s.t, s.yk.notification('payment.succeeded', object));
    expect(res.statusCode, res.body).toBe(200);
    expect(s.yk.calls('GET', `/payments/${c.paymentId}`).length).toBe(reads + 1);
    const paid = await order(c.order.id);
    expect(paid).toMatchObject({ status: 'paid', provider: 'yookassa' });
    const account = await user(u.id);
    expect(account.planId).toBe(2);
    expect(account.planExpiresAt?.getTime()).toBe(paid.grantedUntil?.getTime());
    const mail = await s.t.smtp.nextMail(u.email);
    expect(mail.subject).toBe('Оплата получена: тариф «Про»');
    expect(
      await s.t.prisma.auditEvent.count({ where: { action: 'plan.purchased', targetId: c.order.id } }),
    ).toBe(1);
    // The saved method: type and title only.
    const method = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/rest/profile/payment-method',
      headers: u.headers,
    });
    expect(method.json().data).toEqual({ type: 'bank_card', title: 'Bank card *4444', auto_renew: true });
  });

  it('repeated events are applied once', async () => {
    const u = await createUser(s.t);
    const c = await yooCheckout(s.t, u);
    const body = s.yk.notification('payment.succeeded', s.yk.pay(c.paymentId));
    const answers = await Promise.all([1, 2, 3].map(() => notify(s.t, body)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await notify(s.t, body)).statusCode).toBe(200);
    const first = await order(c.order.id);
    const expires = (await user(u.id)).planExpiresAt?.getTime();
    expect(first.grantedUntil?.getTime()).toBe(expires);
    expect(await s.t.prisma.paymentNotification.count({ where: { orderId: c.order.id } })).toBe(1);
    expect(
      await s.t.prisma.auditEvent.count({ where: { action: 'plan.purchased', targetId: c.order.id } }),
    ).toBe(1);
  });

  it('a body from an address outside YOOKASSA_NOTIFY_IPS is 403 and changes nothing', async () => {
    const u = await createUser(s.t);
    const c = await yooCheckout(s.t, u);
    const body = s.yk.notification('payment.succeeded', s.yk.pay(c.paymentId));
    const reads = s.yk.calls('GET', `/payments/${c.paymentId}`).length;
    const res = await notify(s.t, body, '203.0.113.9');
    expect(res.statusCode).toBe(403);
    expect(s.yk.calls('GET', `/payments/${c.paymentId}`).length).toBe(reads);
    expect((await order(c.order.id)).status).toBe('pending');
  });

  it('a forged succeeded notification for a pending payment grants nothing (the read-back says pending)', async () => {
    const u = await createUser(s.t);
    const c = await yooCheckout(s.t, u);
    const forged = { ...s.yk.payment(c.paymentId), status: 'succeeded', paid: true };
    const res = await notify(s.t, s.yk.notification('payment.succeeded', forged));
    expect(res.statusCode).toBe(200);
    expect((await order(c.order.id)).status).toBe('pending');
    expect((await user(u.id)).planId).toBe(1);
  });

  it('an unknown payment answers 200 and changes nothing; a bad body is 400', async () => {
    const res = await notify(
      s.t,
      s.yk.notification('payment.succeeded', {
        id: '2c5e6f1a-000f-5000-9000-1b2c3d4e5f60',
        status: 'succeeded',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect((await notify(s.t, { event: 'payment.succeeded', object: { id: '../../x' } })).statusCode).toBe(
      400,
    );
    expect((await notify(s.t, { nothing: true })).statusCode).toBe(400);
  });

  it('payment.canceled marks the order canceled with the reason, once', async () => {
    const u = await createUser(s.t);
    const c = await yooCheckout(s.t, u);
    const body = s.yk.notification('payment.canceled', s.yk.cancel(c.paymentId, 'insufficient_funds'));
    expect((await notify(s.t, body)).statusCode).toBe(200);
    expect((await notify(s.t, body)).statusCode).toBe(200);
    expect(await order(c.order.id)).toMatchObject({ status: 'canceled', cancelReason: 'insufficient_funds' });
    expect((await user(u.id)).planId).toBe(1);
  });

  it('YooKassa unreachable during the read-back: 500, so that YooKassa retries; the retry applies it', async () => {
    const u = await createUser(s.t);
    const c = await yooCheckout(s.t, u);
    const body = s.yk.notification('payment.succeeded', s.yk.pay(c.paymentId));
    s.yk.failNext(3);
    expect((await notify(s.t, body)).statusCode).toBe(500);
    expect((await order(c.order.id)).status).toBe('pending');
    expect((await notify(s.t, body)).statusCode).toBe(200);
    expect((await order(c.order.id)).status).toBe('paid');
  });

  it('the result page poll reads the payment back: pending, then paid', async () => {
    const u = await createUser(s.t);
    const c = await yooCheckout(s.t, u);
    const poll = () =>
      s.t.app.inject({ method: 'GET', url: `/api/v1/rest/payments/orders/${c.label}`, headers: u.headers });
    expect((await poll()).json().data).toMatchObject({
      status: 'pending',
      provider: 'yookassa',
      refunded_amount: '0.00',
    });
    s.yk.pay(c.paymentId);
    expect((await poll()).json().data).toMatchObject({ status: 'paid' });
    const other = await createUser(s.t);
    const foreign = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/rest/payments/orders/${c.label}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
