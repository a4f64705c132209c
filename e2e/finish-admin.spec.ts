import { adminToken, api, signInAsAdmin } from './admin-helpers';
import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { outage } from './support/outage';
import { buyPlan, call, createAccount } from './user-helpers';

// Issue 16 on the admin's screens, at 1440 and 390 px, with axe on each screen a flow opens.

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

for (const size of WIDTHS) {
  test.describe(`the admin area at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the admin area's sections: a bar on every screen, the current one marked and in view", async ({
      page,
      request,
    }) => {
      test.slow();
      const user = await createAccount(request, uniqueEmail('sections'), 'Раздел Пользователей');
      await signInAsAdmin(page);
      await page.goto('/app/admin/main');
      const nav = page.getByRole('navigation', { name: 'Разделы администрирования' });
      await expect(nav.getByRole('link')).toHaveText([
        'Обзор',
        'Пользователи',
        'Организации',
        'Тарифы',
        'Платежи',
        'Возвраты',
        'Приложения',
        'Журнал',
        'Вебхуки',
      ]);
      await expect(nav.getByRole('link', { name: 'Платежи' })).toHaveAttribute('href', '/app/admin/payments');
      const marked = nav.locator('[aria-current="page"]');
      await expect(marked).toHaveText('Обзор');
      expect(await findings(page, 'admin-sections-main')).toEqual([]);

      const sections = [
        ['Пользователи', /\/app\/admin\/users$/],
        ['Организации', /\/app\/admin\/organizations$/],
        ['Тарифы', /\/app\/admin\/subscriptions$/],
        ['Возвраты', /\/app\/admin\/refunds$/],
        ['Приложения', /\/app\/admin\/applications$/],
        ['Журнал', /\/app\/admin\/audit$/],
        ['Вебхуки', /\/app\/admin\/webhooks$/],
      ] as const;
      for (const [label, url] of sections) {
        // On a phone the bar scrolls sideways to reach the later sections; the click scrolls it.
        await nav.getByRole('link', { name: label }).click();
        await expect(page).toHaveURL(url);
        await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
        await expect(marked).toHaveText(label);
        await expect(marked).toBeInViewport({ ratio: 1 });
        expect(await findings(page, `admin-sections-${label}`)).toEqual([]);
      }

      // A list's section stays marked on its screens, opened directly (the bar scrolls to it on a phone).
      await page.goto(`/app/admin/users/${user.id}`);
      await expect(marked).toHaveText('Пользователи');
      await page.goto('/app/admin/audit');
      await expect(marked).toHaveText('Журнал');
      await expect(marked).toBeInViewport({ ratio: 1 });
      // The admin's own screens are no section.
      await page.goto('/app/admin/settings/account');
      await expect(page.getByLabel('Email')).toHaveValue('admin@e2e.test');
      await expect(marked).toHaveCount(0);

      // By keyboard: the sections follow the header, each with a ring.
      await nav.getByRole('link', { name: 'Обзор' }).focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
      const focused = nav.getByRole('link', { name: 'Тарифы' });
      await expect(focused).toBeFocused();
      const ring = await focused.evaluate((link) => getComputedStyle(link).outlineStyle);
      expect(ring).not.toBe('none');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/app\/admin\/subscriptions$/);
    });

    test("a user's page shows their plan, its end and their payments", async ({ page, request }) => {
      const user = await createAccount(request, uniqueEmail('supported'), 'Клиент Поддержки');
      await buyPlan(request, user, 2);
      const me = await call(request, user.token, 'GET', '/api/v1/rest/profile/me');
      const end = dateText((me.data as { subscribe_expires_at: string }).subscribe_expires_at);

      await signInAsAdmin(page);
      await page.goto(`/app/admin/users/${user.id}`);
      await expect(page.getByTestId('admin-user-plan')).toHaveText(`Тариф «Про» до ${end}`);
      const history = page.getByRole('region', { name: 'История платежей' });
      await expect(history.getByText('Про').filter({ visible: true }).first()).toBeVisible();
      await expect(history.getByText('990,00 ₽').filter({ visible: true }).first()).toBeVisible();
      expect(await findings(page, 'admin-user-settings')).toEqual([]);
    });

    test('deleting a plan that users hold is refused before the confirmation, with the reason and the count', async ({
      page,
      request,
    }) => {
      const admin = await adminToken(request);
      const name = `Держат ${Date.now().toString(36)}`;
      const created = await api(request, admin, 'POST', '/api/v1/rest/subscribes', {
        name,
        description: 'Тариф, который нельзя удалить',
        price_month: 10,
        price_year: 100,
        max_members: 5,
        max_organizations: 1,
      });
      const planId = (created.body.data as { id: number }).id;
      for (const label of ['holder-a', 'holder-b']) {
        await buyPlan(request, await createAccount(request, uniqueEmail(label), 'Держатель'), planId);
      }

      await signInAsAdmin(page);
      await page.goto(`/app/admin/subscriptions/${planId}`);
      await page.getByRole('button', { name: 'Удалить тариф' }).click();
      const dialog = page.getByRole('dialog', { name: 'Тариф нельзя удалить' });
      await expect(dialog.getByText('Тариф нельзя удалить: он подключён у 2 пользователей')).toBeVisible();
      await expect(dialog.getByText('Пользователей с этим тарифом: 2')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Удалить тариф' })).toHaveCount(0);
      expect(await findings(page, 'admin-plan-not-deletable')).toEqual([]);
      await dialog.getByRole('button', { name: 'Понятно' }).click();
      expect((await api(request, admin, 'GET', `/api/v1/rest/subscribes/${planId}`)).status).toBe(200);
    });

    test('a taken plan name shows on the name field, once; leaving the changed form asks', async ({
      page,
    }) => {
      await signInAsAdmin(page);
      await page.goto('/app/admin/subscriptions/new');
      const submit = page.getByRole('button', { name: 'Создать тариф' });
      await expect(submit).toBeDisabled();
      await submit.focus();
      await expect(page.getByRole('tooltip')).toContainText('Заполните или исправьте поля: Название');
      await page.getByLabel('Название').fill('Про');
      await page.getByLabel('Стоимость/мес').fill('10');
      await page.getByLabel('Стоимость/год').fill('100');
      await page.getByLabel('Количество организаций').fill('1');
      await page.getByLabel('Количество пользователей в организации').fill('5');
      await page.getByLabel('Описание').fill('Копия');
      await submit.click();
      const taken = 'Тариф с таким названием уже существует';
      await expect(page.getByText(taken)).toBeVisible();
      await expect(page.getByLabel('Название')).toHaveAttribute('aria-invalid', 'true');
      await page.waitForTimeout(500);
      await expect(page.getByText(taken)).toHaveCount(1);
      expect(await findings(page, 'admin-plan-create-taken')).toEqual([]);

      await page
        .getByRole('navigation', { name: 'Разделы администрирования' })
        .getByRole('link', { name: 'Тарифы' })
        .click();
      const question = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: 'Уйти без сохранения' }).click();
      await expect(page).toHaveURL(/\/app\/admin\/subscriptions$/);
    });

    test("admin lists: an empty search names what found nothing; a failed load offers 'Повторить'", async ({
      page,
      consoleErrors,
    }) => {
      await signInAsAdmin(page);
      await page.goto('/app/admin/organizations?search=zzz-nothing');
      await expect(page.getByText('Нет данных')).toBeVisible();
      await expect(page.getByText('Ничего не найдено по запросу «zzz-nothing»')).toBeVisible();
      expect(await findings(page, 'admin-organizations-empty')).toEqual([]);

      const endOutage = await outage(page, '**/api/v1/rest/profile/list?**', consoleErrors);
      await page.goto('/app/admin/users');
      const failed = page.getByRole('alert').filter({ hasText: 'Ошибка при получении подписок' });
      await expect(failed).toBeVisible({ timeout: 20_000 });
      await expect(failed).toContainText('Сервис временно недоступен, попробуйте позже');
      await expect(page.getByText('Нет данных')).toHaveCount(0);
      expect(await findings(page, 'admin-users-failed')).toEqual([]);
      await endOutage();
      await failed.getByRole('button', { name: 'Повторить' }).click();
      await expect(page.getByTestId('admin-user-row').first()).toBeVisible();
    });
  });
}
