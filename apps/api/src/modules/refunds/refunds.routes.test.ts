import { RefundListResponseSchema, RefundResponseSchema } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createUser, type TestUser } from '../../../test/factories';
import { checkout, deliver, signedNotification, startPaymentsApp } from '../../../test/payments';

// Refund cases (decision 0092), made here by signed notifications that buy nothing.
let t: TestApp, secret: string, admin: TestUser;
beforeAll(async () => {
  ({ t, secret, admin } = await startPaymentsApp());
});
afterAll(async () => t?.close());

const REFUNDS = '/api/v1/rest/admin/refunds';
const notification = (label: string, amount: string) => signedNotification(secret, label, amount);

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
    // An open case: the one just delivered, or any other (the test above resolved one).
    const [any] = await t.prisma.paymentRefund.findMany({ where: { resolvedAt: null }, take: 1 });
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
