import { api, signInAsAdmin } from './admin-helpers';
import { expect, test } from './support/fixtures';

test.describe('admin plans', () => {
  test('create with validation, edit, delete', async ({ page }) => {
    const admin = await signInAsAdmin(page);
    const name = `Тест ${Date.now().toString(36)}`;
    await page.goto('/app/admin/subscriptions');
    for (const column of ['ID', 'Название', 'Стоимость/мес', 'Стоимость/год', 'Действия']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Создать тариф' }).click();
    await expect(page.getByRole('heading', { name: 'Создание тарифа' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Создать тариф' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Название').fill(name);
    // What was typed stays; a third decimal is an error under the field (issue 34, rule 7).
    await page.getByLabel('Стоимость/мес').pressSequentially('12,345');
    await expect(page.getByLabel('Стоимость/мес')).toHaveValue('12,345');
    await expect(
      page.getByText('Введите сумму не меньше 0 и не более чем с 2 знаками после запятой'),
    ).toBeVisible();
    await page.getByLabel('Стоимость/мес').fill('12,34');
    await page.getByLabel('Стоимость/год').fill('120');
    await page.getByLabel('Количество организаций').pressSequentially('100');
    await expect(page.getByText('Не более 99 организаций')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('Количество организаций').fill('3');
    await page.getByLabel('Количество пользователей в организации').fill('10');
    // Description: required on create, at most 512.
    await page.getByLabel('Описание').fill('x'.repeat(513));
    await expect(page.getByText('Не более 512 символов')).toBeVisible();
    await page.getByLabel('Описание').fill('Тариф для e2e');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Тарифный план успешно создан')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/admin\/subscriptions$/);

    await page.getByRole('searchbox', { name: 'Поиск тарифов' }).fill(name);
    const row = page.getByTestId('admin-plan-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('12,34');

    await row.getByRole('link', { name: `Настройки тарифа ${name}` }).click();
    await expect(page).toHaveURL(/\/app\/admin\/subscriptions\/\d+\?subscriptionName=/);
    await expect(page.getByLabel('Стоимость/мес')).toHaveValue('12.34');
    // Optional on update.
    await page.getByLabel('Описание').fill('');
    await page.getByLabel('Количество пользователей в организации').fill('20');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(page.getByText('Тарифный план успешно отредактирован')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/admin\/subscriptions$/);

    const list = await api(
      page.request,
      admin,
      'GET',
      `/api/v1/rest/subscribes?name=${encodeURIComponent(name)}`,
    );
    const plan = (list.body.data as { id: number; max_members: number; description: string }[])[0];
    expect(plan?.max_members).toBe(20);
    expect(plan?.description).toBe('');

    await page.goto(`/app/admin/subscriptions/${plan?.id}`);
    await page.getByRole('button', { name: 'Удалить тариф' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Удалить тариф?');
    await expect(dialog).toContainText('Действие невозможно будет отменить');
    await dialog.getByRole('button', { name: 'Удалить тариф' }).click();
    await expect(page.getByText('Тариф удалён')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/admin\/subscriptions$/);
    expect((await api(page.request, admin, 'GET', `/api/v1/rest/subscribes/${plan?.id}`)).status).toBe(404);
  });

  test('a plan that cannot be deleted says why before any confirmation, and stays (decision 0163)', async ({
    page,
  }) => {
    const admin = await signInAsAdmin(page);
    await page.goto('/app/admin/subscriptions');
    const row = page.getByTestId('admin-plan-row').filter({ hasText: 'Базовый' });
    await row.getByRole('button', { name: 'Удалить тариф Базовый' }).click();
    const refused = await api(page.request, admin, 'DELETE', '/api/v1/rest/subscribes/1');
    expect(refused.status).toBe(409);
    const dialog = page.getByRole('dialog', { name: 'Тариф нельзя удалить' });
    await expect(dialog.getByText(refused.body.message as string)).toBeVisible();
    await expect(dialog.getByText(/^Пользователей с этим тарифом: \d+$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Удалить тариф' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Понятно' }).click();
    await expect(row).toHaveCount(1);
  });
});
