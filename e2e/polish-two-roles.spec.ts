import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { addMember, createAccount, createOrganization, openAs } from './user-helpers';

// Issue 34, rule 1: roles are chosen in a select per row ('Участник', 'Администратор'), never toggled by an
// icon; raising someone to 'Администратор' asks first and says what they will be able to do, lowering
// does not. The whole path by keyboard.

const orgPage = (orgId: number) => `/app/dashboard/organizations/${orgId}/collaborators`;

for (const size of WIDTHS) {
  test.describe(`roles are chosen at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("raising to 'Администратор' asks first, by keyboard; lowering does not", async ({
      page,
      request,
    }) => {
      const owner = await createAccount(request, uniqueEmail('roles-owner'), 'Ольга Хозяйка');
      const member = await createAccount(request, uniqueEmail('roles-member'), 'Пётр Новиков');
      const orgId = await createOrganization(request, owner, 'Роли');
      await addMember(request, owner, orgId, member);

      await openAs(page, owner);
      await page.goto(orgPage(orgId));
      const role = page.getByLabel('Роль: Пётр Новиков').filter({ visible: true });
      await expect(role).toHaveValue('Участник');
      // No icon-only toggle changes rights.
      await expect(
        page.getByRole('button', { name: /Сделать администратором|Сделать участником/ }),
      ).toHaveCount(0);

      // Keyboard: focus the select, open it, choose 'Администратор', and the dialog asks.
      await role.focus();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('option', { name: 'Администратор' })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Сделать Пётр Новиков администратором организации?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('приглашать и удалять участников');
      expect(await findings(page, 'promote-dialog')).toEqual([]);
      // 'Отмена' has the focus: Enter changes nothing.
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(role).toHaveValue('Участник');

      // Again, and confirm with Tab + Enter.
      await role.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Сделать администратором' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Роль изменена: Администратор')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(role).toHaveValue('Администратор');

      // Lowering asks nothing.
      await role.click();
      await page.getByRole('option', { name: 'Участник' }).click();
      await expect(page.getByText('Роль изменена: Участник')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(role).toHaveValue('Участник');
      expect(await findings(page, 'members-roles')).toEqual([]);
    });
  });
}
