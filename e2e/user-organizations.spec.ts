import { expect, signInAs, test, uniqueEmail } from './support/fixtures';
import { addMember, buyPlan, call, createAccount, createOrganization, openAs, tinyPng } from './user-helpers';

test.describe('organizations (user side)', () => {
  test('creates an organization with an avatar, then edits its name, type and avatar', async ({ page }) => {
    await signInAs(page, uniqueEmail('creator'));
    await page.goto('/app/');
    await page.getByRole('link', { name: 'Добавить новую' }).click();
    await expect(page).toHaveURL(/\/app\/organization\/create$/);

    const create = page.getByRole('button', { name: 'Создать организацию' });
    // Always active (issue 34, rule 12): a press says what is missing.
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Обязательное поле')).toBeVisible();
    await page.getByLabel('Название').fill('A');
    await expect(page.getByText('Название должно содержать минимум 2 символа')).toBeVisible();
    await page.getByLabel('Название').fill('Команда Звезда');
    await page.getByRole('combobox', { name: 'Тип' }).click();
    await page.getByRole('option', { name: 'Команда' }).click();
    await page.locator('input[type="file"]').setInputFiles(tinyPng());
    await expect(page.getByRole('img', { name: 'Предпросмотр аватара' })).toBeVisible();
    await create.click();

    // The new organization opens, inviting people first (issue 34, rule 4).
    await expect(page.getByText('Организация создана', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/organizations\/\d+\/collaborators/);
    await page.goto('/app/');
    const row = page.getByRole('row', { name: /Команда Звезда/ });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: /Настройки организации/ }).click();

    await expect(page).toHaveURL(/\/dashboard\/organizations\/\d+\/collaborators\?orgName=/);
    await expect(page.getByRole('heading', { name: 'Организация Команда Звезда' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Предпросмотр аватара' })).toBeVisible();

    // Removing the stored avatar is only scheduled here; it happens on save.
    await page.getByRole('button', { name: 'Удалить', exact: true }).click();
    await expect(page.getByText('Аватар будет удалён при сохранении')).toBeVisible();
    // Choosing a new file cancels the scheduled deletion.
    await page.locator('input[type="file"]').setInputFiles(tinyPng('second.png'));
    await expect(page.getByText('Аватар будет удалён при сохранении')).toBeHidden();

    await page.getByLabel('Название').fill('Команда Звезда 2');
    await page.getByRole('combobox', { name: 'Тип' }).click();
    await page.getByRole('option', { name: 'Компания' }).click();
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();

    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByText('Организация обновлена')).toBeVisible();
    await expect(page.getByText('Аватар изменен')).toBeVisible();
    const edited = page.getByRole('row', { name: /Команда Звезда 2/ });
    await expect(edited.getByText('Компания')).toBeVisible();
  });

  test('invites a member by e-mail and removes them; the owner has no remove button', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request, uniqueEmail('owner'), 'Ольга Владелец');
    const guest = await createAccount(request, uniqueEmail('guest'), 'Гена Гость');
    const orgId = await createOrganization(request, owner, 'Отдел продаж');
    await openAs(page, owner);
    await page.goto(`/app/dashboard/organizations/${orgId}/collaborators?orgName=Отдел продаж`);

    const input = page.getByPlaceholder('Введите Email пользователя для отправки приглашения');
    const add = page.getByRole('button', { name: 'Добавить пользователя' });
    await expect(add).toBeDisabled();
    await input.fill('no-at-sign');
    await expect(page.getByText('Введите корректный email адрес')).toBeVisible();
    await expect(add).toBeDisabled();

    // An address without an account gets an invitation instead (issue 13).
    const nobody = uniqueEmail('nobody');
    await input.fill(nobody);
    await add.click();
    await expect(page.getByText(`Приглашение отправлено на ${nobody}`)).toBeVisible();

    await input.fill(guest.email);
    await add.click();
    await expect(page.getByText('Пользователь Гена Гость добавлен в организацию')).toBeVisible();
    const guestRow = page.getByRole('row', { name: new RegExp(guest.email) });
    await expect(guestRow.getByLabel(/^Роль:/)).toHaveValue('Участник');
    await expect(
      page.getByRole('row', { name: new RegExp(owner.email) }).getByText('Владелец', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Удалить участника Ольга Владелец/ })).toHaveCount(0);

    await guestRow.getByRole('button', { name: 'Удалить участника Гена Гость' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await expect(guestRow).toBeHidden();
  });

  test('deletes an organization: the dialog, then success after 1500 ms and home', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request, uniqueEmail('deleter'), 'Денис');
    const orgId = await createOrganization(request, owner, 'Временная');
    await openAs(page, owner);
    await page.goto(`/app/dashboard/organizations/${orgId}/collaborators?orgName=Временная`);
    await page.getByRole('button', { name: 'Удалить организацию' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить организацию?' });
    await expect(dialog.getByText('Действие невозможно будет отменить')).toBeVisible();
    await dialog.getByRole('button', { name: 'Удалить организацию' }).click();
    await expect(page.getByText('Организация успешно удалена')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByText('Нет данных').filter({ visible: true })).toBeVisible();
  });

  test('the avatar stack shows 4 faces and +2 for six members; the header search filters', async ({
    page,
    request,
  }) => {
    const owner = await createAccount(request, uniqueEmail('big'), 'Борис Большой');
    // 'Базовый' allows 5 members; six need 'Про', bought in test mode.
    await buyPlan(request, owner, 2);
    const orgId = await createOrganization(request, owner, 'Большая команда');
    await createOrganization(request, owner, 'Маленькая');
    for (let i = 1; i <= 5; i++) {
      await addMember(
        request,
        owner,
        orgId,
        await createAccount(request, uniqueEmail(`m${i}`), `Участник ${i}`),
      );
    }
    await openAs(page, owner);
    await page.goto('/app/');
    const row = page.getByRole('row', { name: /Большая команда/ });
    await expect(row.getByRole('img', { name: '6 участников' })).toBeVisible();
    await expect(row.getByText('+2')).toBeVisible();
    await expect(page.getByRole('row', { name: /Маленькая/ }).getByText(/^\+/)).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Поиск' }).fill('Больш');
    await expect(page.getByRole('row', { name: /Маленькая/ })).toBeHidden();
    await expect(row).toBeVisible();
  });

  test('a member sees the organization read-only and leaves it', async ({ page, request }) => {
    const owner = await createAccount(request, uniqueEmail('host'), 'Хозяин');
    const member = await createAccount(request, uniqueEmail('leaver'), 'Лена Уходящая');
    const orgId = await createOrganization(request, owner, 'Клуб');
    await addMember(request, owner, orgId, member);
    await openAs(page, member);
    await page.goto('/app/');
    // A member opens it read-only; the settings gear is the owner's (issue 16).
    await expect(page.getByRole('link', { name: 'Настройки организации Клуб' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Открыть организацию Клуб' }).click();
    await expect(page.getByRole('heading', { name: 'Организация Клуб' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'Хозяин' })).toBeVisible();

    await page.getByRole('button', { name: 'Покинуть организацию' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Покинуть' }).click();
    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByText('Нет данных').filter({ visible: true })).toBeVisible();
    const list = await call(request, owner.token, 'GET', `/api/v1/rest/organizations/${orgId}`);
    expect((list.data as { members: unknown[] }).members).toHaveLength(1);
  });
});
