import net from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { YooKassaServer } from '../apps/api/test/yookassa-server';
import { findings } from './support/inspect';
import { ADMIN_EMAIL, type Stack, startStack } from './support/stack';

// Issue 28's browser flow: checkout with auto-renewal on → the local YooKassa server's confirmation page →
// back on the result page → the plan and the saved method shown → auto-renewal off. This spec runs its own
// server configured for YooKassa (the shared stack stays in YooMoney's test mode for the other specs), on a
// free port, against the local server that answers as YooKassa's API does (apps/api/test/yookassa-server.ts).

const ACCESS_TOKEN_KEY = 'cabinet.accessToken';
const AUTHENTICATED_KEY = 'cabinet.isAuthenticated';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let yk: YooKassaServer;
let app: Stack;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  yk = new YooKassaServer();
  const apiUrl = await yk.start();
  app = await startStack(await freePort(), {
    YOOKASSA_SHOP_ID: yk.shopId,
    YOOKASSA_SECRET_KEY: yk.secretKey,
    YOOKASSA_API_URL: apiUrl,
    YOOKASSA_NOTIFY_IPS: '127.0.0.1,::1',
  });
  yk.notifyUrl = `${app.baseURL}/api/v1/payments/yookassa/notifications`;
});

test.afterAll(async () => {
  await app?.stop();
  await yk?.stop();
});

async function signIn(request: APIRequestContext, page: Page, email: string) {
  const count = async () =>
    Number(await (await fetch(`${app.mailboxURL}/count?email=${encodeURIComponent(email)}`)).text());
  const before = await count();
  const sent = await request.post(`${app.baseURL}/api/v1/auth/login`, { data: { loginKey: 'web', email } });
  expect(sent.status()).toBe(200);
  const code = await (
    await fetch(`${app.mailboxURL}/code?email=${encodeURIComponent(email)}&after=${before}`)
  ).text();
  const res = await request.post(`${app.baseURL}/api/v1/auth/login`, {
    data: { loginKey: 'web', email, code: Number(code) },
  });
  expect(res.status()).toBe(200);
  const token = (await res.json()).data.access_token as string;
  await page.addInitScript(
    ([tokenKey, flagKey, value]) => {
      window.localStorage.setItem(tokenKey as string, value as string);
      window.localStorage.setItem(flagKey as string, 'true');
    },
    [ACCESS_TOKEN_KEY, AUTHENTICATED_KEY, token],
  );
}

test('YooKassa: pay with auto-renewal, come back, see the plan and the saved card, turn auto-renewal off', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text());
  });
  await signIn(request, page, `renewer.${Date.now().toString(36)}@e2e.test`);

  await page.goto(`${app.baseURL}/app/subscription/update?subscribeId=2&type=month`);
  await expect(page.getByRole('heading', { name: 'Тариф «Про»' })).toBeVisible();
  const renew = page.getByRole('checkbox', { name: 'Продлевать автоматически' });
  await expect(renew).not.toBeChecked();
  // The consent says what will be charged and when.
  await expect(
    page.getByText(/каждый месяц за 1 день до окончания срока будем списывать 990,00\s₽/),
  ).toBeVisible();
  expect(await findings(page, 'checkout (YooKassa)')).toEqual([]);
  await renew.check();
  await page.getByRole('button', { name: 'Оплатить' }).click();

  await expect(page.getByRole('heading', { name: 'Оплата заказа' })).toBeVisible();
  expect(page.url()).toContain(`${yk.base}/confirm/`);
  await page.getByRole('button', { name: 'Оплатить' }).click();

  await expect(page).toHaveURL(/\/app\/subscription\/result\?order=[0-9a-f]{32}$/);
  await expect(page.getByText('Оплата прошла')).toBeVisible();
  await expect(page.getByText(/Тариф «Про» подключён, срок окончания: \d\d\.\d\d\.\d{4}/)).toBeVisible();
  expect(await findings(page, 'payment result')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await findings(page, 'payment result')).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('link', { name: 'К тарифам' }).click();
  await expect(page.getByTestId('plan-end')).toHaveText(/\d\d\.\d\d\.\d{4}/);
  await expect(page.getByTestId('saved-method')).toHaveText('Bank card *4444');
  await expect(page.getByTestId('auto-renew-state')).toContainText('Автопродление включено');
  expect(await findings(page, 'subscription with a saved method')).toEqual([]);
  await page.getByRole('button', { name: 'Отключить автопродление' }).click();
  await expect(page.getByTestId('auto-renew-state')).toContainText('Автопродление отключено');
  await expect(page.getByRole('button', { name: 'Включить автопродление' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Удалить способ оплаты' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await findings(page, 'subscription with a saved method')).toEqual([]);

  // The charge body YooKassa got carried the receipt and asked to save the method.
  const [created] = yk.calls('POST', '/payments');
  expect(created?.body).toMatchObject({
    save_payment_method: true,
    receipt: { items: [{ quantity: '1.00' }] },
  });
  expect(errors).toEqual([]);
});

test("an admin returns part of the payment from 'Платежи'", async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(request, page, ADMIN_EMAIL);
  await page.goto(`${app.baseURL}/app/admin/payments`);
  const row = page.getByTestId('admin-payment-row').filter({ hasText: 'renewer.' }).first();
  await row.getByRole('button', { name: /Вернуть деньги по платежу/ }).click();
  const dialog = page.getByRole('dialog', { name: /Возврат по платежу/ });
  await expect(dialog.getByText(/можно вернуть 990,00\s₽/)).toBeVisible();
  await dialog.getByLabel('Сумма').fill('2000');
  await dialog.getByLabel('Причина').fill('Проверка возврата');
  await dialog.getByRole('button', { name: 'Вернуть' }).click();
  // More than is left: the server's answer stays in the form, on its field.
  await expect(
    dialog.getByText('Сумма возврата больше, чем осталось вернуть по этому платежу'),
  ).toBeVisible();
  expect(await findings(page, 'refund dialog')).toEqual([]);
  await dialog.getByLabel('Сумма').fill('100');
  await dialog.getByRole('button', { name: 'Вернуть' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(/Возвращено 100,00\s₽/).last()).toBeVisible();
  // The payment's own page (its receipt) offers the same to admins, with what is left.
  await row
    .getByRole('link', { name: /Квитанция/ })
    .last()
    .click();
  // The list's own 'Вернуть' stays on screen until the receipt's page has loaded: a click before that
  // opens the list's dialog, which the navigation then takes away.
  await page.waitForURL(/\/payments\/\d+\/receipt/);
  await expect(page.getByRole('heading', { name: 'Квитанция', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Вернуть деньги по платежу/ }).click();
  await expect(page.getByRole('dialog').getByText(/можно вернуть 890,00\s₽/)).toBeVisible();
  expect(await findings(page, 'receipt with the refund dialog')).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  const [refund] = yk.calls('POST', '/refunds');
  expect(refund?.body).toMatchObject({
    amount: { value: '100.00', currency: 'RUB' },
    description: 'Проверка возврата',
  });
  expect(errors).toEqual([]);
});
