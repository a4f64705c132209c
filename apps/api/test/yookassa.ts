import { expect } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { createAdmin, type TestUser } from './factories';
import { YooKassaServer } from './yookassa-server';

// Helpers of the YooKassa API tests: the app pointed at the local YooKassa server, a checkout through it,
// a notification delivered from an address.

export async function startYooKassaApp(env: Record<string, string> = {}) {
  const yk = new YooKassaServer();
  const apiUrl = await yk.start();
  const t = await buildTestApp({
    env: {
      YOOKASSA_SHOP_ID: yk.shopId,
      YOOKASSA_SECRET_KEY: yk.secretKey,
      YOOKASSA_API_URL: apiUrl,
      YOOKASSA_TIMEOUT_MS: '300',
      YOOKASSA_NOTIFY_IPS: '127.0.0.1,::1,185.71.76.0/27',
      ...env,
    },
  });
  return {
    t,
    yk,
    admin: await createAdmin(t),
    async close() {
      await t.close();
      await yk.stop();
    },
  };
}

export const CHECKOUT = '/api/v1/rest/subscribes/get-subscribe-info';

export function checkoutRequest(t: TestApp, user: TestUser, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: CHECKOUT,
    headers: user.headers,
    payload: { subscribe_id: 2, type: 'month', user_id: user.id, ...body },
  });
}

/** A YooKassa checkout: the order's label and YooKassa's payment id. */
export async function yooCheckout(t: TestApp, user: TestUser, body: Record<string, unknown> = {}) {
  const res = await checkoutRequest(t, user, body);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { label: string; confirmation_url: string };
  const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label: data.label } });
  return { ...data, order, paymentId: order.providerPaymentId as string };
}

export const NOTIFY = '/api/v1/payments/yookassa/notifications';

export const notify = (t: TestApp, body: unknown, remoteAddress = '185.71.76.5') =>
  t.app.inject({ method: 'POST', url: NOTIFY, payload: body as object, remoteAddress });
