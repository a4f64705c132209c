import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { notify, startYooKassaApp, yooCheckout } from '../../../test/yookassa';

// Auto-renewal from saved YooKassa methods (issue 28; decision 0206), the app's clock moved to the days
// the job charges on.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let s: Awaited<ReturnType<typeof startYooKassaApp>>;
beforeAll(async () => {
  s = await startYooKassaApp();
});
afterAll(async () => {
  s?.t.setNow(null);
  await s?.close();
});

/** A person who paid 'Про' for a month with 'Продлевать автоматически'. */
async function subscriber(autoRenew = true) {
  s.t.setNow(null);
  const u = await createUser(s.t);
  const c = await yooCheckout(s.t, u, { auto_renew: autoRenew });
  expect((await notify(s.t, s.yk.notification('payment.succeeded', s.yk.pay(c.paymentId)))).statusCode).toBe(
    200,
  );
  // The receipt goes out now, before a test moves the clock past the outbox's give-up time.
  await s.t.app.outbox.idle();
  const account = await s.t.prisma.user.findUniqueOrThrow({ where: { id: u.id } });
  const end = account.planExpiresAt as Date;
  const method = await s.t.prisma.savedPaymentMethod.findUnique({ where: { userId: u.id } });
  return { u, end, methodId: method?.providerMethodId ?? '' };
}

async function runAt(now: Date) {
  s.t.setNow(now);
  const res = await s.t.app.inject({
    method: 'POST',
    url: '/api/v1/rest/admin/jobs/plan-renewals/run',
    headers: s.admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  await s.t.app.outbox.idle();
  return res.json().data.processed as number;
}

const charges = (methodId: string) =>
  s.yk.calls('POST', '/payments').filter((c) => c.body?.payment_method_id === methodId);
const planEnd = async (u: TestUser) =>
  (await s.t.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).planExpiresAt?.getTime();

describe("the 'plan-renewals' job", () => {
  it('charges AUTO_RENEW_DAYS_BEFORE days before the end, with the receipt; the plan runs on from its end', async () => {
    const { u, end, methodId } = await subscriber();
    await runAt(new Date(end.getTime() - 2 * DAY));
    expect(charges(methodId)).toHaveLength(0);
    expect(await runAt(new Date(end.getTime() - DAY + HOUR))).toBe(1);
    const [call] = charges(methodId);
    expect(call?.body).toMatchObject({
      amount: { value: '990.00', currency: 'RUB' },
      capture: true,
      payment_method_id: methodId,
      description: 'Тариф «Про», 1 месяц',
      receipt: { customer: { email: u.email }, items: [expect.objectContaining({ quantity: '1.00' })] },
    });
    expect(call?.body).not.toHaveProperty('confirmation');
    const next = new Date(end);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(await planEnd(u)).toBe(next.getTime());
    // Running again charges nothing twice.
    await runAt(new Date(end.getTime() - DAY + 2 * HOUR));
    expect(charges(methodId)).toHaveLength(1);
    expect((await s.t.smtp.nextMail(u.email, 1)).subject).toBe('Оплата получена: тариф «Про»');
  });

  it('a refusal is mailed and tried again after 1 and 2 days; the third turns auto-renewal off', async () => {
    const { u, end, methodId } = await subscriber();
    s.yk.refuseMethod(methodId);
    const first = new Date(end.getTime() - DAY + HOUR);
    expect(await runAt(first)).toBe(1);
    expect((await s.t.smtp.nextMail(u.email, 1)).subject).toBe('Не удалось продлить подписку «Про»');
    await runAt(new Date(first.getTime() + 12 * HOUR));
    expect(charges(methodId)).toHaveLength(1);
    await runAt(new Date(first.getTime() + DAY));
    expect(charges(methodId)).toHaveLength(2);
    await runAt(new Date(first.getTime() + 2 * DAY));
    expect(charges(methodId)).toHaveLength(2);
    await runAt(new Date(first.getTime() + 3 * DAY));
    const calls = charges(methodId);
    expect(calls).toHaveLength(3);
    // Each retry is a new payment with a new key.
    expect(new Set(calls.map((c) => c.headers['idempotence-key'])).size).toBe(3);
    expect(
      s.t.smtp.mailsTo(u.email).filter((m) => m.subject === 'Не удалось продлить подписку «Про»'),
    ).toHaveLength(3);
    const method = await s.t.prisma.savedPaymentMethod.findUniqueOrThrow({ where: { userId: u.id } });
    expect(method).toMatchObject({ autoRenew: false, failures: 3 });
    await runAt(new Date(first.getTime() + 5 * DAY));
    expect(charges(methodId)).toHaveLength(3);
    expect(await planEnd(u)).toBe(end.getTime());
  });

  it('no answer: the same key at the next run, no double charge; past 24 h never blindly (needs review)', async () => {
    const { u, end, methodId } = await subscriber();
    const first = new Date(end.getTime() - DAY + HOUR);
    s.yk.loseAnswerNext(1);
    s.yk.hangNext(0);
    await runAt(first);
    // The client retried within the run: the lost answer's key came back with YooKassa's first result.
    const calls = charges(methodId);
    expect(new Set(calls.map((c) => c.headers['idempotence-key'])).size).toBe(1);
    const paid = [...s.yk.payments.values()].filter(
      (p) => (p.payment_method as { id?: string } | undefined)?.id === methodId && p.status === 'succeeded',
    );
    expect(paid).toHaveLength(2); // the checkout and exactly one renewal
    const next = new Date(end);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(await planEnd(u)).toBe(next.getTime());

    const other = await subscriber();
    const at = new Date(other.end.getTime() - DAY + HOUR);
    s.yk.hangNext(3);
    await runAt(at);
    const [pending] = await s.t.prisma.paymentOrder.findMany({
      where: { userId: other.u.id, renewalOf: other.end },
    });
    expect(pending).toMatchObject({ status: 'pending', providerPaymentId: null });
    s.yk.hangNext(3);
    await runAt(new Date(at.getTime() + HOUR));
    const tries = charges(other.methodId);
    expect(tries.length).toBe(6);
    expect(new Set(tries.map((c) => c.headers['idempotence-key']))).toEqual(
      new Set([pending?.idempotenceKey]),
    );
    await runAt(new Date(at.getTime() + 25 * HOUR));
    expect(charges(other.methodId)).toHaveLength(6);
    const review = await s.t.prisma.paymentOrder.findUniqueOrThrow({ where: { id: pending?.id } });
    expect(review).toMatchObject({ status: 'pending', needsReview: true });
    const list = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/rest/admin/payments?status=pending`,
      headers: s.admin.headers,
    });
    expect(list.json().data).toContainEqual(expect.objectContaining({ id: pending?.id, needs_review: true }));

    // The lost charge did happen after all: YooKassa's notification (found by metadata.order_id) settles it.
    const made = await fetch(`${s.yk.base}/v3/payments`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${s.yk.shopId}:${s.yk.secretKey}`).toString('base64')}`,
        'idempotence-key': 'late-charge',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...tries[0]?.body }),
    });
    const late = (await made.json()) as { id: string; status: string };
    expect(late.status).toBe('succeeded');
    s.t.setNow(null);
    expect(
      (await notify(s.t, s.yk.notification('payment.succeeded', s.yk.payment(late.id)))).statusCode,
    ).toBe(200);
    const settled = await s.t.prisma.paymentOrder.findUniqueOrThrow({ where: { id: pending?.id } });
    expect(settled).toMatchObject({ status: 'paid', providerPaymentId: late.id });
    expect(await planEnd(other.u)).toBeGreaterThan(other.end.getTime());
  });

  it('a person who turned auto-renewal off is never charged; on again, and DELETE removes the method', async () => {
    const { u, end, methodId } = await subscriber();
    const put = (enabled: unknown) =>
      s.t.app.inject({
        method: 'PUT',
        url: '/api/v1/rest/profile/auto-renew',
        headers: u.headers,
        payload: { enabled },
      });
    s.t.setNow(null);
    expect((await put('no')).statusCode).toBe(400);
    expect((await put(false)).json().data).toEqual({
      type: 'bank_card',
      title: 'Bank card *4444',
      auto_renew: false,
    });
    await runAt(new Date(end.getTime() - DAY + HOUR));
    expect(charges(methodId)).toHaveLength(0);
    s.t.setNow(null);
    const del = await s.t.app.inject({
      method: 'DELETE',
      url: '/api/v1/rest/profile/payment-method',
      headers: u.headers,
    });
    expect(del.statusCode).toBe(200);
    const get = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/rest/profile/payment-method',
      headers: u.headers,
    });
    expect(get.json().data).toBeNull();
    expect((await put(true)).statusCode).toBe(409);
  });

  it("reminders of a plan that will renew say so; others keep 'Оплата не списывается автоматически'", async () => {
    const renewing = await subscriber();
    const manual = await subscriber(false);
    const later = (end: Date) => new Date(end.getTime() - 7 * DAY + HOUR);
    s.t.setNow(later(renewing.end));
    await s.t.app.jobs.run('plan-reminders');
    await s.t.app.outbox.idle();
    const mail = await s.t.smtp.nextMail(renewing.u.email, 1, 15_000);
    expect(mail.text).toMatch(
      /Подписка продлится автоматически: \d\d\.\d\d\.\d{4} спишем 990,00 ₽ \(Bank card \*4444\)/,
    );
    s.t.setNow(later(manual.end));
    await s.t.app.jobs.run('plan-reminders');
    await s.t.app.outbox.idle();
    expect((await s.t.smtp.nextMail(manual.u.email, 1, 15_000)).text).toContain(
      'Оплата не списывается автоматически',
    );
  });

  it('without auto_renew at checkout no method is saved', async () => {
    const { u } = await subscriber(false);
    expect(await s.t.prisma.savedPaymentMethod.findUnique({ where: { userId: u.id } })).toBeNull();
  });
});
