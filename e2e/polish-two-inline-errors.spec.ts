import type { Locator, Page } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers';
import { ADMIN_EMAIL, expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { createAccount, createOrganization, openAs } from './user-helpers';

// Issue 34, rule 5: a field's error is said under the field (aria-invalid, aria-describedby), what was
// typed is kept, and no toast repeats it: a bad e-mail in 'Управление участниками' and in the admin's
// members of a new organization, the e-mail change's code, a token's name, the device page's code, the
// admin's new user, a webhook's address and events.

const orgPage = (orgId: number) => `/app/dashboard/organizations/${orgId}/collaborators`;

/** The field is marked, its message is under it, what was typed stays, and no toast says it again. */
async function expectMarked(page: Page, field: Locator, message: string, value: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const ids = describedBy.split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
  await expect(field).toHaveValue(value);
  // No toast repeats it (react-toastify's; a panel that is itself an alert may hold the field).
  await expect(page.locator('.Toastify__toast').filter({ hasText: message })).toHaveCount(0);
}

for (const size of WIDTHS) {
  test.describe(`inline e-mail errors at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("'Управление участниками': a bad address is marked under the field, kept, no toast", async ({
      page,
      request,
    }) => {
      const owner = await createAccount(request, uniqueEmail('inline-owner'), 'Инна Строгая');
      const orgId = await createOrganization(request, owner, 'Проверка');
      await openAs(page, owner);
      await page.goto(orgPage(orgId));
      const field = page.getByLabel('Email пользователя');
      await field.fill('kolya@mail');
      await field.press('Enter');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).not.toBe('');
      const message = page.locator(`[id="${describedBy.split(' ').at(-1)}"]`);
      await expect(message).toHaveText('Неверный формат email');
      await expect(field).toHaveValue('kolya@mail');
      await expect(page.getByRole('alert').filter({ hasText: /email|приглашение/i })).toHaveCount(0);
      expect(await findings(page, 'members-bad-email')).toEqual([]);

      // Typing clears the mark; a good address goes through.
      await field.fill('kolya@mail.example');
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
      await field.press('Enter');
      await expect(page.getByText('Приглашение отправлено на kolya@mail.example')).toBeVisible();
    });

    test("the admin's new organization: an unknown user is said under the field", async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/app/admin/organizations/new');
      const field = page.getByLabel('Email пользователя');
      await field.fill('nobody-here@e2e.test');
      await page.getByRole('button', { name: 'Добавить пользователя' }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Пользователь не найден')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Пользователь не найден' })).toHaveCount(0);
      await expect(field).toHaveValue('nobody-here@e2e.test');
      await field.fill('bad@address');
      await page.getByRole('button', { name: 'Добавить пользователя' }).click();
      await expect(page.getByText('Неверный формат email')).toBeVisible();
    });

    test("one's own forms: the e-mail change's code, a token's name", async ({ page, request }) => {
      const user = await createAccount(request, uniqueEmail('inline-self'), 'Ирина Своя');
      await openAs(page, user);
      await page.goto('/app/settings/account');
      await page.getByLabel('Email').fill(uniqueEmail('inline-self-new'));
      await page.getByRole('button', { name: 'Сохранить изменения' }).click();
      const code = page.getByRole('textbox', { name: 'Код из письма' });
      await code.fill('000000');
      await page.getByRole('button', { name: 'Подтвердить' }).click();
      await expectMarked(page, code, 'Неверный код. Осталось попыток: 4', '000000');
      expect(await findings(page, 'inline-email-code')).toEqual([]);

      await page.goto('/app/settings/tokens');
      await page.getByRole('button', { name: 'Создать токен' }).first().click();
      const dialog = page.getByRole('dialog');
      const name = dialog.getByRole('textbox', { name: 'Название' });
      await name.fill('Я');
      await dialog.getByRole('button', { name: 'Создать токен' }).click();
      await expectMarked(page, name, 'Название должно содержать минимум 2 символа', 'Я');
      await name.fill('Сборка');
      await dialog.getByRole('button', { name: 'Создать токен' }).click();
      await expect(dialog.getByLabel('Токен')).toContainText('cab_pat_');

      // The device page: a code the server does not know is said under its field.
      await page.goto('/app/device');
      const device = page.getByRole('textbox', { name: 'Код с экрана приложения' });
      await device.fill('ABCD-EFGH');
      await device.press('Enter');
      await expectMarked(
        page,
        device,
        'Код не найден или устарел. Проверьте код на экране приложения',
        'ABCD-EFGH',
      );
      expect(await findings(page, 'inline-device-code')).toEqual([]);
      await device.fill('ABCD-EFGX');
      await expect(device).not.toHaveAttribute('aria-invalid', 'true');
    });

    test("the admin's forms: a new user's taken e-mail, a webhook's address and events", async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/app/admin/users/new');
      await page.getByLabel('Имя').fill('Второй Админ');
      const email = page.getByLabel('Email');
      await email.fill(ADMIN_EMAIL);
      await page.getByRole('button', { name: 'Создать пользователя' }).click();
      await expectMarked(page, email, 'Пользователь с таким email уже существует', ADMIN_EMAIL);
      await expect(email).toBeFocused();
      expect(await findings(page, 'inline-admin-new-user')).toEqual([]);

      await page.goto('/app/admin/webhooks');
      await page.getByRole('button', { name: 'Добавить вебхук' }).click();
      const form = page.getByRole('dialog', { name: 'Добавить вебхук' });
      const address = form.getByRole('textbox', { name: 'Адрес' });
      await address.fill('ftp://crm.example.ru');
      // The button says what is missing (aria-disabled with its reason); Enter in the field checks the form.
      await expect(form.getByRole('button', { name: 'Сохранить' })).toHaveAttribute('aria-disabled', 'true');
      await address.press('Enter');
      await expectMarked(page, address, 'Адрес должен начинаться с https://', 'ftp://crm.example.ru');
      await expect(form.getByText('Выберите хотя бы одно событие')).toBeVisible();
      expect(await findings(page, 'inline-webhook')).toEqual([]);
      await address.fill('https://crm.example.ru/hook');
      await expect(address).not.toHaveAttribute('aria-invalid', 'true');
      await form.getByRole('button', { name: 'Отмена' }).click();
      await expect(form).toBeHidden();
    });
  });
}
