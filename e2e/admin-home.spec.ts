import { api, signInAsAdmin } from './admin-helpers';
import { expect, signInAs, test, uniqueEmail } from './support/fixtures';

test.describe('admin home and layout', () => {
  test('the three counts match the API, and each button opens its list', async ({ page }) => {
    const token = await signInAsAdmin(page);
    await page.goto('/app/admin');
    await expect(page).toHaveURL(/\/app\/admin\/main$/);

    const counts = await Promise.all(
      ['users-count', 'organizations-count', 'subscribes-count'].map(async (path) => {
        const { body } = await api(page.request, token, 'GET', `/api/v1/rest/admin/${path}`);
        return (body.data as { count: number }).count;
      }),
    );
    // Other tests may add users or organizations meanwhile: at least what the API said a moment ago.
    const [users = 0, organizations = 0, plans = 0] = counts;
    const shown = async (kind: string) =>
      Number(((await page.getByTestId(`admin-count-${kind}`).textContent()) ?? '').replace(/\s/g, ''));
    await expect(page.getByTestId('admin-count-users')).toBeVisible();
    expect(await shown('users')).toBeGreaterThanOrEqual(users);
    expect(await shown('organizations')).toBeGreaterThanOrEqual(organizations);
    expect(await shown('plans')).toBeGreaterThanOrEqual(plans > 0 ? 1 : 0);
    // How many accounts never confirmed their e-mail (decision 0088).
    await expect(page.getByTestId('admin-count-users-unverified')).toHaveText(
      /^из них не подтвердили эл\. почту: [\d\s]+$/,
    );

    await page.getByRole('link', { name: 'К пользователям' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/users/);
    await page.goBack();
    await page.getByRole('link', { name: 'К организациям' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/organizations$/);
    await page.goBack();
    await page.getByRole('link', { name: 'К тарифам' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/subscriptions$/);
  });

  test('the admin header: e-mail, profile settings, way back to the cabinet, no search or buy button', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/app/admin/main');
    const header = page.locator('header');
    await expect(header.getByText('admin@e2e.test')).toBeVisible();
    await expect(header.getByRole('searchbox')).toHaveCount(0);
    await expect(header.getByText('Купить подписку')).toHaveCount(0);
    await header.getByRole('button', { name: /Меню профиля/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Выйти' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Личный кабинет' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Настройки профиля' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/settings\/account$/);
    await expect(page.getByLabel('Email')).toHaveValue('admin@e2e.test');
  });

  test('a non-admin opening /admin/main sees the not-found page', async ({ page }) => {
    await signInAs(page, uniqueEmail('not-admin'));
    await page.goto('/app/admin/main');
    await expect(page.getByText('Упс! Эта страница не может быть найдена')).toBeVisible();
    await expect(page.getByText('Пользователи')).toHaveCount(0);
    await page.goto('/app/admin/users');
    await expect(page.getByText('Упс! Эта страница не может быть найдена')).toBeVisible();
  });
});
