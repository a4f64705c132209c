import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { checkout, deliver, signedNotification } from '../../../test/payments';
import { notificationSignature, type SignedFields } from '../../adapters/yoomoney';

// Real mode (YOOMONEY_RECEIVER and YOOMONEY_SECRET set) needs an app of its own, hence its own file.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { YOOMONEY_RECEIVER: '4100118000000000', YOOMONEY_SECRET: 's3cr3t' } });
});
afterAll(async () => {
  await t?.close();
});

describe('real mode', () => {
  it("answers YooMoney's quickpay form", async () => {
    const user = await createUser(t);
    expect(await checkout(t, user)).toMatchObject({
      action: 'https://yoomoney.ru/quickpay/confirm',
      receiver: '4100118000000000',
      'quickpay-form': 'button',
      sum: '990.00',
      paymentType: 'AC',
      successURL: 'http://cabinet.test/app/subscription?payment=success',
      test_mode: false,
    });
    const settings = await t.app.inject({ url: '/api/v1/rest/payments/settings', headers: user.headers });
    expect(settings.json().data).toEqual({ test_mode: false, mode: 'live' });
  });

  it('has no sandbox', async () => {
    const user = await createUser(t);
    for (const [method, url] of [
      ['GET', '/api/subscribe/sandbox?label=x'],
      ['POST', '/api/subscribe/sandbox'],
      ['POST', '/api/subscribe/sandbox/pay'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: method === 'POST' ? `label=${'0'.repeat(32)}` : undefined,
      });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('verifies notifications with YOOMONEY_SECRET', async () => {
    const user = await createUser(t);
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/subscribes/get-subscribe-info',
      headers: user.headers,
      payload: { subscribe_id: 2, type: 'month', user_id: user.id },
    });
    const { label } = info.json().data;
    const fields: SignedFields = {
      notification_type: 'p2p-incoming',
      operation_id: '1234567',
      amount: '985.05',
      currency: '643',
      datetime: '2026-05-10T12:00:00Z',
      sender: '41001000040',
      codepro: 'false',
      label,
    };
    const deliver = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscribe/buy',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ...fields,
          withdraw_amount: '990.00',
          sha1_hash: notificationSignature(fields, key),
        }).toString(),
      });
    expect((await deliver('the-sandbox-secret')).statusCode).toBe(400);
    const res = await deliver('s3cr3t');
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).planId).toBe(2);
    // Real money: neither the order nor its history item is a test payment.
    expect(await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } })).toMatchObject({
      status: 'paid',
      test: false,
    });
    const history = await t.app.inject({ url: '/api/v1/rest/payments', headers: user.headers });
    expect(history.json().data[0]).toMatchObject({ label, test: false });
  });

  it('credits no sandbox payment made before the switch to live (decision 0091)', async () => {
    const user = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() + 300 * 86_400_000) });
    // A Про year "paid" through the sandbox while the server ran in test mode.
    await t.prisma.paymentOrder.create({
      data: {
        label: `sandbox-${user.id}`,
        userId: user.id,
        email: user.email,
        planId: 2,
        period: 'year',
        method: 'mir',
        amount: '9504.00',
        status: 'paid',
        test: true,
        paidAt: new Date(Date.now() - 65 * 86_400_000),
        termStart: new Date(Date.now() - 65 * 86_400_000),
        grantedUntil: new Date(Date.now() + 300 * 86_400_000),
      },
    });
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/subscribes/get-subscribe-info',
      headers: user.headers,
      payload: { subscribe_id: 3, type: 'month', user_id: user.id },
    });
    const { label, sum } = info.json().data;
    const fields: SignedFields = {
      notification_type: 'card-incoming',
      operation_id: `live-${user.id}`,
      amount: sum,
      currency: '643',
      datetime: new Date().toISOString(),
      sender: '',
      codepro: 'false',
      label,
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/buy',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...fields,
        sha1_hash: notificationSignature(fields, 's3cr3t'),
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } });
    expect(order.credit.toFixed(2)).toBe('0.00');
    expect(order.grantedUntil!.getTime() - order.paidAt!.getTime()).toBeLessThan(32 * 86_400_000);
  });

  it('answers 5xx when the database is down, so that YooMoney retries', async () => {
    await t.database.pool.end();
    const res = await deliver(t, signedNotification('s3cr3t', 'any', '990.00'));
    // 503 for an unreachable server, 500 for this closed pool: both make the provider retry.
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json().success).toBe(false);
  });
});
