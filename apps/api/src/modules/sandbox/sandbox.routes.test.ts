import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { checkout, userRow } from '../../../test/payments';
import { addMonths } from '../payment-notifications/plan-term';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('test-mode sandbox', () => {
  it('checkout → sandbox page → pay → 303 → profile shows the new plan', async () => {
    const user = await createUser(t);
    const info = await checkout(t, user, { subscribe_id: 3, type: 'month' });
    const { action, test_mode: _, ...form } = info;
    const page = await t.app.inject({
      method: 'POST',
      url: new URL(action).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain('Тестовая оплата');
    expect(page.body).toContain('Корп');
    expect(page.body).toContain('1 месяц');
    expect(page.body).toContain('2\u00a0990,00\u00a0₽');
    expect(page.body).toContain(info.label);
    expect(page.body).toContain('деньги не списываются');
    expect(page.body).toContain('>Оплатить</button>');
    expect(page.body).toContain('Отменить');
    expect(page.body).toContain('href="http://cabinet.test/app/subscription?payment=cancelled"');
    expect(page.body).toContain('action="sandbox/pay"');
    expect(page.body).not.toMatch(/<script/i);

    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ label: info.label }).toString(),
    });
    expect(pay.statusCode, pay.body).toBe(303);
    expect(pay.headers.location).toBe(info.successURL);

    const me = await t.app.inject({ url: '/api/v1/rest/profile/me', headers: user.headers });
    expect(me.json().data).toMatchObject({ subscribe_id: 3, subscribe: { id: 3, name: 'Корп' } });
    const expires = new Date(me.json().data.subscribe_expires_at).getTime();
    expect(Math.abs(expires - addMonths(new Date(), 1).getTime())).toBeLessThan(60_000);

    // Paying again (back button) changes nothing and still lands on the cabinet.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `label=${info.label}`,
    });
    expect(again.statusCode).toBe(303);
    expect((await userRow(t, user.id)).planExpiresAt?.getTime()).toBe(expires);
    expect(await t.prisma.paymentNotification.count({ where: { order: { label: info.label } } })).toBe(1);

    // The page of a paid order says so.
    const paidPage = await t.app.inject({ url: `/api/subscribe/sandbox?label=${info.label}` });
    expect(paidPage.statusCode).toBe(200);
    expect(paidPage.body).toContain('Этот заказ уже оплачен');
    expect(paidPage.body).not.toContain('>Оплатить</button>');
  });

  it('GET with a query shows the page too; unknown labels are 404 pages', async () => {
    const user = await createUser(t);
    const { label } = await checkout(t, user);
    const page = await t.app.inject({ url: `/api/subscribe/sandbox?label=${label}&sum=1` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Тестовая оплата');
    const missing = await t.app.inject({ url: `/api/subscribe/sandbox?label=${'0'.repeat(32)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.body).toContain('Заказ не найден');
    expect((await t.app.inject({ url: '/api/subscribe/sandbox' })).statusCode).toBe(404);
    const payMissing = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `label=${'0'.repeat(32)}`,
    });
    expect(payMissing.statusCode).toBe(404);
    expect(payMissing.body).toContain('Заказ не найден');
    const payBad = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'label=<script>',
    });
    expect(payBad.statusCode).toBe(400);
  });

  it("speaks the payer's account language, whatever the browser asks; ?lang beats both", async () => {
    const user = await createUser(t);
    const { label } = await checkout(t, user, { subscribe_id: 3, type: 'month' });
    await t.prisma.user.update({ where: { id: user.id }, data: { locale: 'en' } });
    const english = await t.app.inject({
      url: `/api/subscribe/sandbox?label=${label}`,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Test payment');
    expect(english.body).toContain('>Pay</button>');
    expect(english.body).not.toContain('Тестовая оплата');
    const russian = await t.app.inject({ url: `/api/subscribe/sandbox?label=${label}&lang=ru` });
    expect(russian.body).toContain('<html lang="ru">');
    expect(russian.body).toContain('Тестовая оплата');
  });

  it('escapes what it prints', async () => {
    const user = await createUser(t);
    const plan = await t.prisma.plan.create({
      data: {
        name: `<img src=x onerror=alert(1)>${Date.now() % 1000}`,
        priceMonth: '5',
        priceYear: '50',
        maxMembers: 2,
        maxOrganizations: 1,
      },
    });
    const { label } = await checkout(t, user, { subscribe_id: plan.id });
    const page = await t.app.inject({ url: `/api/subscribe/sandbox?label=${label}` });
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
