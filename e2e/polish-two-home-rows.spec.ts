import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { createAccount, createOrganization, openAs } from './user-helpers';

// Issue 34, rule 3: on home the organization's name is a link and the whole row (1440) or card (390) opens
// the organization; the gear stays for settings.

for (const size of WIDTHS) {
  test.describe(`an organization opens from its row at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the name is a link, the row opens it, the gear stays', async ({ page, request }) => {
      const owner = await createAccount(request, uniqueEmail('rows'), 'Роман Строкин');
      const orgId = await createOrganization(request, owner, 'Строка');
      await openAs(page, owner);
      await page.goto('/app/');
      const list = page.getByRole(size.width < 576 ? 'list' : 'table', { name: 'Ваши организации' });
      const name = list.getByRole('link', { name: 'Строка', exact: true });
      await expect(name).toBeVisible();
      await expect(list.getByRole('link', { name: 'Настройки организации Строка' })).toBeVisible();
      expect(await findings(page, 'home-rows')).toEqual([]);

      // A click anywhere on the row or card (here its type) opens the organization.
      await list.getByText('Команда').first().click();
      await expect(page).toHaveURL(new RegExp(`/organizations/${orgId}/collaborators`));
      await expect(page.getByRole('heading', { name: 'Организация Строка' })).toBeVisible();

      // The name, by keyboard.
      await page.goto('/app/');
      await name.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/organizations/${orgId}/collaborators`));

      // The gear still opens the settings.
      await page.goto('/app/');
      await list.getByRole('link', { name: 'Настройки организации Строка' }).click();
      await expect(page).toHaveURL(new RegExp(`/organizations/${orgId}/collaborators`));
    });
  });
}
