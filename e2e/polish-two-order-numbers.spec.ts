import { signInAsAdmin } from './admin-helpers';
import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { call, createAccount, openAs } from './user-helpers';

// Issue 34, rule 10: people see a short order number ('№ 1042') on the sandbox page, the result page, the
// receipt, the payment history and the admins' list; the 32-character label stays for the provider.

for (const size of WIDTHS) {
  test.describe(`order numbers at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("'№ N' everywhere a person reads an order; the label nowhere", async ({
      page,
      request,
      browser,
    }) => {
      const account = await createAccount(request, uniqueEmail('order-no'), 'Олег Заказов');
      const info = await call(request, account.token, 'POST', '/api/v1/rest/subscribes/get-subscribe-info', {
        subscribe_id: 2,
        type: 'month',
        options: [{ id: 'method', value: 'mir' }],
        user_id: account.id,
      });
      const { label } = info.data as { label: string };
      await openAs(page, account);
      await page.goto(`/api/subscribe/sandbox?label=${label}`);
      await expect(page.getByRole('heading', { name: 'Тестовая оплата' })).toBeVisible();
      const number = (await page.getByText(/^№ \d+$/).textContent())?.trim() ?? '';
      expect(number).toMatch(/^№ \d{1,9}$/);
      await expect(page.locator('body')).not.toContainText(label);
      await page.getByRole('button', { name: 'Оплатить' }).click();

      await expect(page).toHaveURL(/\/app\/subscription\?payment=success/);
      await expect(page.getByText(`Заказ ${number} оплачен.`, { exact: false })).toBeVisible();
      const history = page.getByRole('region', { name: 'История платежей' });
      await expect(history.getByText(number).filter({ visible: true }).first()).toBeVisible();
      await expect(history).not.toContainText(label);
      expect(await findings(page, 'subscription-order-number')).toEqual([]);

      await history
        .getByRole('link', { name: /Квитанция/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect(page.getByTestId('order-number')).toHaveText(number);
      await expect(page.locator('main')).not.toContainText(label);

      const admin = await browser.newContext({ locale: 'ru-RU', viewport: size });
      const adminPage = await admin.newPage();
      await signInAsAdmin(adminPage);
      await adminPage.goto(new URL(`/app/admin/payments`, page.url()).toString());
      await expect(
        adminPage.getByText(number, { exact: true }).filter({ visible: true }).first(),
      ).toBeVisible();
      await expect(adminPage.locator('main')).not.toContainText(label);
      await admin.close();
    });
  });
}
