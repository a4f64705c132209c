import { api, inviteAccount, signInAsAdmin } from './admin-helpers';
import { expect, test, uniqueEmail } from './support/fixtures';

test.describe('admin organizations', () => {
  test('create with members (the first is the owner), edit, delete through the dialog', async ({ page }) => {
    const admin = await signInAsAdmin(page);
    const ownerEmail = uniqueEmail('org-owner');
    const memberEmail = uniqueEmail('org-member');
    const ownerId = await inviteAccount(page.request, admin, ownerEmail);
    await inviteAccount(page.request, admin, memberEmail);
    const name = `Орг ${Date.now().toString(36)}`;

    await page.goto('/app/admin/organizations');
    for (const column of ['ID', 'Название', 'Владелец', 'Тип', 'Действия']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Создать организацию' }).click();
    await expect(page.getByRole('heading', { name: 'Создание организации' })).toBeVisible();
    await expect(
      page.getByText('Первый добавленный пользователь в организацию получит статус владельца'),
    ).toBeVisible();

    const email = page.getByLabel('Email пользователя');
    await email.fill('nobody-here@e2e.test');
    await page.getByRole('button', { name: 'Добавить пользователя' }).click();
    await expect(page.getByText('Пользователь не найден')).toBeVisible();
    await email.fill(ownerEmail);
    await page.getByRole('button', { name: 'Добавить пользователя' }).click();
    const members = page.getByRole('list', { name: 'Участники новой организации' });
    await expect(members.getByRole('listitem')).toHaveCount(1);
    await email.fill(memberEmail);
    await email.press('Enter');
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await expect(members.getByRole('listitem').first()).toContainText('Владелец');

    const create = page.getByRole('button', { name: 'Создать организацию' });
    await expect(create).toBeEnabled();
    await page.getByLabel('Название').fill(name);
    await page.getByRole('combobox', { name: 'Тип' }).click();
    await page.getByRole('option', { name: 'Команда' }).click();
    await create.click();
    await expect(page).toHaveURL(/\/app\/admin\/organizations$/);

    await page.getByRole('searchbox', { name: 'Поиск организаций' }).fill(name);
    const row = page.getByTestId('admin-organization-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ownerEmail);
    await expect(row).toContainText('Команда');

    const list = await api(
      page.request,
      admin,
      'GET',
      `/api/v1/rest/organizations/list?search=${encodeURIComponent(name)}`,
    );
    const created = (list.body.data as { id: number; owner_id: number; members_count: number }[])[0];
    expect(created?.owner_id).toBe(ownerId);
    expect(created?.members_count).toBe(2);

    // Settings: both sections, rename, back to the list.
    await row.getByRole('link', { name: `Настройки организации ${name}` }).click();
    await expect(page).toHaveURL(/\/app\/admin\/organizations\/\d+\?orgName=/);
    await expect(page.getByRole('heading', { name: 'Настройки организации' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Управление участниками' })).toBeVisible();
    await expect(page.getByLabel('Навигационная цепочка')).toContainText('Организации');
    const renamed = `${name} 2`;
    await page.getByLabel('Название').fill(renamed);
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/organizations$/);

    await page.goto(`/app/admin/organizations/${created?.id}`);
    await expect(page.getByLabel('Название')).toHaveValue(renamed);
    await page.getByRole('button', { name: 'Удалить организацию' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Удалить организацию?');
    await expect(dialog).toContainText('Действие невозможно будет отменить');
    await dialog.getByRole('button', { name: 'Удалить организацию' }).click();
    await expect(page.getByText('Организация успешно удалена')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/admin\/organizations$/);
    expect((await api(page.request, admin, 'GET', `/api/v1/rest/organizations/${created?.id}`)).status).toBe(
      404,
    );
  });

  test('delete from the list with the confirm dialog', async ({ page }) => {
    const admin = await signInAsAdmin(page);
    const ownerId = await inviteAccount(page.request, admin, uniqueEmail('org-list'));
    const name = `Удаляемая ${Date.now().toString(36)}`;
    const created = await api(page.request, admin, 'POST', '/api/v1/rest/organizations', {
      name,
      type: 1,
      members: [{ id: ownerId, type: 1 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    await page.goto('/app/admin/organizations');
    await page.getByRole('searchbox', { name: 'Поиск организаций' }).fill(name);
    const row = page.getByTestId('admin-organization-row').filter({ hasText: name });
    await row.getByRole('button', { name: `Удалить организацию ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить организацию' }).click();
    await expect(page.getByText('Организация успешно удалена')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
