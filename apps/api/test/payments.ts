import { randomBytes } from 'node:crypto';
import { SubscribeInfoResponseSchema } from '@cabinet/contracts';
import { expect } from 'vitest';
import { notificationSignature, type SignedFields } from '../src/adapters/yoomoney';
import { loadOrCreatePaymentSecret } from '../src/modules/payments/payments.config';
import { buildTestApp, type TestApp } from './build-test-app';
import { createAdmin, type TestUser } from './factories';

// Helpers of the payments API tests (checkout, payments, payment-notifications, sandbox, refunds): a
// checkout, a notification as YooMoney signs it, its delivery.

/** A test-mode app, the secret its sandbox signs notifications with, and a site admin. */
export async function startPaymentsApp() {
  const t = await buildTestApp();
  return { t, secret: await loadOrCreatePaymentSecret(t.env.DATA_DIR), admin: await createAdmin(t) };
}

export async function checkout(t: TestApp, user: TestUser, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/rest/subscribes/get-subscribe-info',
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
export function signedNotification(
  key: string,
  label: string,
  amount: string,
  over: Partial<SignedFields> = {},
): Record<string, string> {
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
  };
}

export const deliver = (t: TestApp, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscribe/buy',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

export const userRow = (t: TestApp, id: number) => t.prisma.user.findUniqueOrThrow({ where: { id } });
export const orderRow = (t: TestApp, label: string) =>
  t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } });
