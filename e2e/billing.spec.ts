import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { adminToken, api, signInAsAdmin } from './admin-helpers';
import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, screenshot, WIDTHS } from './support/inspect';
import { sql } from './support/sql';
import { type Account, buyPlan, call, createAccount, openAs } from './user-helpers';

// Issue 15 in the cabinet: the grace banner and its renewal link, the printable receipt, the admin's
// 'Выручка' dashboard and the payments list with its CSV; axe at 1440 and 390 px on each new screen.
// A plan that ended days ago and real payments in past months are states no API call makes: they are
// written with SQL (support/sql.ts).

const DAY = 24 * 60 * 60 * 1000;

/** A paid real (not sandbox) order of `planId`, paid at `paidAt`; answers its id. */
async function seedPaidOrder(
  account: Pick<Account, 'id' | 'email'>,
  planId: number,
  period: 'month' | 'year',
  amount: string,
  paidAt: Date,
  grantedUntil: Date,
): Promise<number> {
  const [row] = await sql(
    `INSERT INTO payment_orders
       (label, user_id, email, plan_id, period, method, amount, status, test, paid_at, term_start,
        granted_until, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::payment_period, 'mir', $6, 'paid'::payment_order_status, false, $7, $7, $8,
        $7, $7)
     RETURNING id`,
    [
      crypto.randomBytes(16).toString('hex'),
      account.id,
      account.email,
      planId,
      period,
      amount,
      paidAt,
      grantedUntil,
    ],
  );
  return Number(row?.id);
}

/** The account holds Про, paid for a year, which ended two days ago: inside the grace period. */
async function endedTwoDaysAgo(account: Account): Promise<Date> {
  const end = new Date(Date.now() - 2 * DAY);
  await seedPaidOrder(account, 2, 'year', '9504.00', new Date(end.getTime() - 365 * DAY), end);
  await sql('UPDATE users SET plan_id = 2, plan_expires_at = $2 WHERE id = $1', [account.id, end]);
  return end;
}

/** dd.mm.yyyy as the browser shows a date (its own time zone). */
function browserDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
        new Date(value),
      ),
    iso,
  );
}

async function inspect(page: Page, screen: string, width: string): Promise<string[]> {
  const found = await findings(page, screen);
  await screenshot(page, screen, width);
  return found;
}

test.describe('billing in the cabinet', () => {
  test('the grace banner shows on every page and renews the same plan for the same period', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, uniqueEmail('grace'), 'Льготный Период');
    await endedTwoDaysAgo(account);
    const me = await call(request, account.token, 'GET', '/api/v1/rest/profile/me');
    const profile = me.data as { subscribe: { name: string }; subscribe_grace_until: string | null };
    expect(profile.subscribe.name).toBe('Про');
    expect(profile.subscribe_grace_until).not.toBeNull();

    await openAs(page, account);
    await page.goto('/app/');
    const until = await browserDate(page, profile.subscribe_grace_until as string);
    const banner = page.getByTestId('grace-banner');
    await expect(banner).toHaveText(
      new RegExp(
        `^Подписка «Про» закончилась 2 дня назад — продлите до ${until.replaceAll('.', '\\.')}, чтобы не потерять возможности`,
      ),
    );
    for (const path of ['/app/settings/account', '/app/subscription']) {
      await page.goto(path);
      await expect(banner).toBeVisible();
    }
    await banner.getByRole('link', { name: 'Продлить' }).click();
    await expect(page).toHaveURL(/\/app\/subscription\/update\?subscribeId=2&type=year$/);
    await expect(page.getByRole('heading', { name: 'Тариф «Про»' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Оплата за год/ })).toBeChecked();
    await expect(page.getByTestId('checkout-sum')).toHaveText(/9\s504,00\s₽/);
  });

  test('a payment of the history opens its receipt, which prints alone', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('receipt'), 'Квитанция Печатная');
    await buyPlan(request, account, 2);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await openAs(page, account);
    await page.goto('/app/subscription');
    const history = page.getByRole('region', { name: 'История платежей' });
    await history
      .getByRole('link', { name: /^Квитанция/ })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/app\/payments\/\d+\/receipt$/);
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { name: /^Квитанция № \d+$/ })).toBeVisible();
    await expect(receipt).toContainText('Квитанция Печатная');
    await expect(receipt).toContainText(account.email);
    await expect(receipt).toContainText('«Про»');
    await expect(receipt).toContainText('Месяц');
    await expect(receipt).toContainText('Карта «Мир»');
    await expect(receipt).toContainText('Тестовый платёж');
    await expect(page.getByTestId('receipt-amount')).toHaveText(/990,00\s₽/);

    await page.getByRole('button', { name: 'Печать' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Печать' })).toBeHidden();
    await expect(receipt).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // Someone else's receipt is not found.
    const stranger = await createAccount(request, uniqueEmail('receipt-stranger'), 'Чужой');
    const id = page.url().match(/payments\/(\d+)\/receipt/)?.[1];
    const res = await request.get(`/api/v1/rest/payments/${id}/receipt`, {
      headers: { 'X-Session-Id': stranger.token },
    });
    expect(res.status()).toBe(404);
  });
});

test.describe('billing in the admin area', () => {
  test("'Выручка' draws its charts from real payments, and the payments list filters and exports CSV", async ({
    page,
    request,
  }) => {
    test.slow();
    const admin = await adminToken(request);
    // A plan of this test's own, so that the list's plan filter shows only this test's orders.
    const created = await api(request, admin, 'POST', '/api/v1/rest/subscribes', {
      name: `Выручка ${Date.now().toString(36)}`,
      description: 'Тариф для проверки выручки',
      price_month: 500,
      price_year: 5000,
      max_members: 5,
      max_organizations: 2,
    });
    const planId = (created.body.data as { id: number; name: string }).id;
    const planName = (created.body.data as { name: string }).name;
    const payer = await createAccount(request, uniqueEmail('revenue'), 'Платящий Клиент');
    const now = Date.now();
    for (const monthsAgo of [0, 2, 5]) {
      await seedPaidOrder(
        payer,
        planId,
        'month',
        '500.00',
        new Date(now - monthsAgo * 30 * DAY),
        new Date(now + 20 * DAY),
      );
    }
    await sql('UPDATE users SET plan_id = $2, plan_expires_at = $3 WHERE id = $1', [
      payer.id,
      planId,
      new Date(now + 20 * DAY),
    ]);
    // A sandbox payment: shown in the list, left out of revenue.
    await buyPlan(request, await createAccount(request, uniqueEmail('revenue-test'), 'Тестовый'), planId);

    await signInAsAdmin(page);
    await page.goto('/app/admin/main');
    const section = page.getByRole('region', { name: 'Выручка' });
    await expect(section.getByTestId('revenue-total')).not.toHaveText('0,00 ₽');
    await expect(section.getByTestId('revenue-renewals')).not.toHaveText('0');
    for (const chart of [
      'chart-revenue-by-month',
      'chart-paying-by-plan',
      'chart-new-users',
      'chart-paying-share',
    ]) {
      await expect(section.getByTestId(chart).locator('svg.recharts-surface').first()).toBeVisible();
    }
    expect(
      await section.getByTestId('chart-revenue-by-month').locator('.recharts-bar-rectangle path').count(),
    ).toBeGreaterThan(0);
    await expect(
      section.getByTestId('chart-paying-by-plan').locator('div[aria-hidden="true"]').getByText(planName),
    ).toBeVisible();
    expect(
      await section.getByTestId('chart-paying-share').locator('.recharts-pie-sector').count(),
    ).toBeGreaterThan(1);

    await section.getByRole('link', { name: 'Все платежи' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/payments$/);
    const filters = page.getByRole('form', { name: 'Фильтры платежей' });
    await filters.getByRole('combobox', { name: 'Тариф' }).click();
    await page.getByRole('option', { name: planName }).click();
    await filters.getByRole('button', { name: 'Применить' }).click();
    const table = page.getByRole('table', { name: 'Платежи' });
    // Three real payments and the sandbox one (a pending order of a checkout never paid is not made here).
    await expect(table.getByRole('row')).toHaveCount(5);
    await filters.getByRole('combobox', { name: 'Оплата' }).click();
    await page.getByRole('option', { name: 'Только настоящие' }).click();
    await filters.getByRole('button', { name: 'Применить' }).click();
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(page).toHaveURL(new RegExp(`plan_id=${planId}.*test=false`));

    const downloading = page.waitForEvent('download');
    await filters.getByRole('button', { name: 'Скачать CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);

    const res = await request.get(`/api/v1/rest/admin/payments/export?plan_id=${planId}&test=false`, {
      headers: { 'X-Session-Id': admin },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/csv/);
    const fromApi = (await res.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(fromApi[0]).toBe(lines[0]);
    expect(lines[0]).toMatch(/^id,/);
  });
});

for (const size of WIDTHS) {
  test.describe(`billing screens at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('grace banner, receipt, the dashboard and the payments list', async ({ page, browser, request }) => {
      test.slow();
      const account = await createAccount(
        request,
        uniqueEmail(`billing-screens-${size.name}`),
        'Анна Оплатина',
      );
      await buyPlan(request, account, 2);
      await endedTwoDaysAgo(account);
      // A real payment this month, so that the dashboard has something to draw whatever ran before.
      const payer = await createAccount(
        request,
        uniqueEmail(`billing-screens-payer-${size.name}`),
        'Борис Платов',
      );
      await seedPaidOrder(payer, 3, 'month', '2990.00', new Date(), new Date(Date.now() + 30 * DAY));
      const history = await call(request, account.token, 'GET', '/api/v1/rest/payments?status=paid');
      const paymentId = (history.data as { id: number }[])[0]?.id;

      await openAs(page, account);
      const found: string[] = [];
      await page.goto('/app/');
      await expect(page.getByTestId('grace-banner')).toBeVisible();
      found.push(...(await inspect(page, 'home-grace-banner', size.name)));
      await page.goto('/app/subscription');
      await expect(page.getByRole('region', { name: 'История платежей' })).toBeVisible();
      await expect(
        page
          .getByRole('link', { name: /^Квитанция/ })
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      found.push(...(await inspect(page, 'subscription-with-receipts', size.name)));
      await page.goto(`/app/payments/${paymentId}/receipt`);
      await expect(page.getByTestId('receipt-amount')).toBeVisible();
      found.push(...(await inspect(page, 'payment-receipt', size.name)));

      const adminContext = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const adminPage = await adminContext.newPage();
      await signInAsAdmin(adminPage);
      await adminPage.goto('/app/admin/main');
      await expect(
        adminPage.getByTestId('chart-revenue-by-month').locator('svg.recharts-surface').first(),
      ).toBeVisible();
      found.push(...(await inspect(adminPage, 'admin-revenue', size.name)));
      await adminPage.goto('/app/admin/payments');
      await expect(adminPage.getByRole('table', { name: 'Платежи' }).getByRole('row').nth(1)).toBeVisible();
      found.push(...(await inspect(adminPage, 'admin-payments', size.name)));
      await adminContext.close();
      expect(found).toEqual([]);
    });
  });
}
