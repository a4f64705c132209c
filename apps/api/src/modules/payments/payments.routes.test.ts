import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PaymentListResponseSchema } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type TestUser } from '../../../test/factories';
import { checkout, deliver, signedNotification, startPaymentsApp } from '../../../test/payments';
import { loadOrCreatePaymentSecret, PAYMENT_SECRET_FILE } from './payments.config';

let t: TestApp, secret: string, admin: TestUser;
beforeAll(async () => {
  ({ t, secret, admin } = await startPaymentsApp());
});
afterAll(async () => t?.close());

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

describe('GET /api/v1/rest/payments', () => {
  it("shows the caller's own orders, newest first; admins see everyone's with the user", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const first = await checkout(t, user);
    await deliver(t, signedNotification(secret, first.label, first.sum));
    const second = await checkout(t, user, {
      subscribe_id: 3,
      type: 'year',
      options: [{ id: 'method', value: 'sbp' }],
    });
    const foreign = await checkout(t, other);

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
      // Issue 28: who took the money, and what was returned of it.
      provider: 'test',
      refunded_amount: '0.00',
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
