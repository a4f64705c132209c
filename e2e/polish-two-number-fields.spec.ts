import { signInAsAdmin } from './admin-helpers';
import { expect, test } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';

// Issue 34, rule 7: in the admin plan form empty number fields are empty, with their hints outside the
// field; a negative or fractional count is an error under the field and what was typed is kept.

for (const size of WIDTHS) {
  test.describe(`number fields at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("empty is empty, hints under the field; '-5' and '2.5' are errors, never changed", async ({
      page,
    }) => {
      await signInAsAdmin(page);
      await page.goto('/app/admin/subscriptions/new');
      const organizations = page.getByLabel('Количество организаций');
      const members = page.getByLabel('Количество пользователей в организации');
      const price = page.getByLabel('Стоимость/мес');
      for (const field of [organizations, members, price]) {
        await expect(field).toHaveValue('');
        expect(await field.getAttribute('placeholder')).toBeNull();
      }
      await expect(page.getByText('Целое число от 1 до 99')).toHaveCount(2);
      await expect(page.getByText('В рублях, до 2 знаков после запятой; 0 — бесплатно')).toHaveCount(2);
      expect(await findings(page, 'plan-form-empty')).toEqual([]);

      await organizations.fill('-5');
      await expect(organizations).toHaveValue('-5');
      await expect(organizations).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Не менее 1')).toBeVisible();
      await members.fill('2.5');
      await expect(members).toHaveValue('2.5');
      await expect(page.getByText('Только целое число')).toBeVisible();
      await price.fill('-100');
      await expect(price).toHaveValue('-100');
      await expect(
        page.getByText('Введите сумму не меньше 0 и не более чем с 2 знаками после запятой'),
      ).toBeVisible();
      expect(await findings(page, 'plan-form-errors')).toEqual([]);

      await organizations.fill('3');
      await expect(organizations).not.toHaveAttribute('aria-invalid', 'true');
    });
  });
}
