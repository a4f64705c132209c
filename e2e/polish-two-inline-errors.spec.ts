import { signInAsAdmin } from './admin-helpers';
import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { createAccount, createOrganization, openAs } from './user-helpers';

// Issue 34, rule 5: a bad e-mail marks its field with the message under it (aria-invalid,
// aria-describedby), keeps what was typed, and shows no toast: in 'Управление участниками' and in the
// admin's members of a new organization.

const orgPage = (orgId: number) => `/app/dashboard/organizations/${orgId}/collaborators`;

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
  });
}
