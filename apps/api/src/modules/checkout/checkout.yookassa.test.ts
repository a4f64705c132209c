import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { checkoutRequest, startYooKassaApp, yooCheckout } from '../../../test/yookassa';

let s: Awaited<ReturnType<typeof startYooKassaApp>>;
beforeAll(async () => {
  s = await startYooKassaApp({ YOOKASSA_TAX_SYSTEM_CODE: '2' });
});
afterAll(async () => {
  await s?.close();
});

describe('checkout through YooKassa (issue 28)', () => {
  it('creates the payment with the receipt, Basic auth and an Idempotence-Key, and answers confirmation_url', async () => {
    const user = await createUser(s.t);
    const before = s.yk.calls('POST', '/payments').length;
    const data = await yooCheckout(s.t, user);
    const [call] = s.yk.calls('POST', '/payments').slice(before);
    expect(call?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${s.yk.shopId}:${s.yk.secretKey}`).toString('base64')}`,
    );
    expect(call?.headers['idempotence-key']).toBe(data.order.idempotenceKey);
    expect(call?.headers['idempotence-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      amount: { value: '990.00', currency: 'RUB' },
      capture: true,
      confirmation: {
        type: 'redirect',
        return_url: `http://cabinet.test/app/subscription/result?order=${data.label}`,
      },
      description: 'Тариф «Про», 1 месяц',
      metadata: { order_id: String(data.order.id) },
      receipt: {
        customer: { email: user.email },
        items: [
          {
            description: 'Тариф «Про», 1 месяц',
            quantity: '1.00',
            amount: { value: '990.00', currency: 'RUB' },
            vat_code: 1,
            payment_mode: 'full_payment',
            payment_subject: 'service',
          },
        ],
        tax_system_code: 2,
      },
    });
    expect(data.confirmation_url).toBe(
      s.yk.payment(data.paymentId).confirmation && `${s.yk.base}/confirm/${data.paymentId}`,
    );
    expect(data.order).toMatchObject({
      provider: 'yookassa',
      status: 'pending',
      autoRenew: false,
      test: true,
    });
  });

  it('auto_renew asks YooKassa to save the method; a bad auto_renew is 400 and charges nothing', async () => {
    const user = await createUser(s.t);
    const before = s.yk.calls('POST', '/payments').length;
    const data = await yooCheckout(s.t, user, { auto_renew: true });
    expect(s.yk.calls('POST', '/payments').at(-1)?.body).toMatchObject({ save_payment_method: true });
    expect(data.order.autoRenew).toBe(true);
    const bad = await checkoutRequest(s.t, user, { auto_renew: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/auto_renew/);
    expect(s.yk.calls('POST', '/payments').length).toBe(before + 1);
  });

  it('a 5xx is retried with the same Idempotence-Key', async () => {
    const user = await createUser(s.t);
    const before = s.yk.calls('POST', '/payments').length;
    s.yk.failNext(1);
    const data = await yooCheckout(s.t, user);
    const calls = s.yk.calls('POST', '/payments').slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers['idempotence-key']).toBe(calls[1]?.headers['idempotence-key']);
    expect(data.order.providerPaymentId).toBeTruthy();
  });

  it.each([
    ['answering 5xx', () => s.yk.failNext(3, 503)],
    ['not answering', () => s.yk.hangNext(3)],
    ['refusing (4xx, not retried)', () => s.yk.failNext(1, 400)],
  ])('YooKassa %s: 502, and no order is left', async (_what, fault) => {
    const user = await createUser(s.t);
    fault();
    const res = await checkoutRequest(s.t, user);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Платёжная система недоступна, попробуйте позже',
    });
    expect(await s.t.prisma.paymentOrder.count({ where: { userId: user.id } })).toBe(0);
  });
});
