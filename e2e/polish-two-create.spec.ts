import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { createAccount, openAs } from './user-helpers';

// Issue 34, rules 4 and 12: 'Создать организацию' is always active and says what is missing on a press;
// 'Тип' starts as 'Команда' and explains each type in a line. After creating, the new organization opens
// with 'Пригласите участников' and its e-mail field focused; the toast sits below the header.

for (const size of WIDTHS) {
  test.describe(`creating an organization at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("rule 12: the button is active, says what is missing; 'Команда' by default, each type explained", async ({
      page,
      request,
    }) => {
      const user = await createAccount(request, uniqueEmail('create12'), 'Вера Создатель');
      await openAs(page, user);
      await page.goto('/app/organization/create');
      const create = page.getByRole('button', { name: 'Создать организацию' });
      await expect(create).toBeEnabled();
      await expect(create).not.toHaveAttribute('aria-disabled', /.*/);
      const type = page.getByRole('combobox', { name: 'Тип' });
      await expect(type).toHaveValue('Команда');
      await expect(
        page.getByText('Для группы людей, которые работают вместе.').filter({ visible: true }),
      ).toBeVisible();

      await create.click();
      const name = page.getByLabel('Название');
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toBeFocused();
      const described = await name.getAttribute('aria-describedby');
      expect(described).toBeTruthy();
      await expect(page.getByText('Обязательное поле')).toBeVisible();
      await expect(page).toHaveURL(/\/organization\/create$/);
      expect(await findings(page, 'organization-create-missing')).toEqual([]);

      await type.click();
      await expect(page.getByRole('option', { name: /Компания/ })).toContainText(
        'Для компании с отделами и несколькими администраторами.',
      );
      await expect(page.getByRole('option', { name: /Личное пространство/ })).toContainText('Для себя');
      await page.getByRole('option', { name: /Компания/ }).click();
      await expect(
        page.getByText('Для компании с отделами и несколькими администраторами.').filter({ visible: true }),
      ).toBeVisible();
    });

    test("rule 4: the new organization opens with 'Пригласите участников' focused; the toast is below the header", async ({
      page,
      request,
    }) => {
      const user = await createAccount(request, uniqueEmail('create4'), 'Глеб Основатель');
      await openAs(page, user);
      await page.goto('/app/organization/create');
      await page.getByLabel('Название').fill('Новая студия');
      await page.getByRole('button', { name: 'Создать организацию' }).click();

      await expect(page).toHaveURL(/\/dashboard\/organizations\/\d+\/collaborators/);
      const panel = page.getByRole('region', { name: 'Пригласите участников' });
      await expect(panel).toBeVisible();
      await expect(panel.getByLabel('Email пользователя')).toBeFocused();

      const toast = page.getByRole('alert').filter({ hasText: 'Организация создана' });
      await expect(toast).toBeVisible();
      const toastBox = await toast.boundingBox();
      const headerBox = await page.locator('header').first().boundingBox();
      expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
      expect(await findings(page, 'organization-created')).toEqual([]);

      // The first invitation straight away, by keyboard.
      const invitee = uniqueEmail('first-invitee');
      await page.keyboard.type(invitee);
      await page.keyboard.press('Enter');
      await expect(page.getByText(`Приглашение отправлено на ${invitee}`)).toBeVisible();
    });
  });
}
