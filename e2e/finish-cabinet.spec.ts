import type { Page } from '@playwright/test';
import { ABOUT_URL, apiSignIn, expect, SUPPORT_EMAIL, test, uniqueEmail } from './support/fixtures';
import { emailBreaks, findings, focusRingsMissing, WIDTHS } from './support/inspect';
import { outage } from './support/outage';
import { addMember, buyPlan, call, createAccount, createOrganization, openAs, tinyPng } from './user-helpers';

// Issue 16 on the user's screens, at 1440 and 390 px, with axe on each screen a flow opens.

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 720;

/** The header's plan corner and links sit in the burger's drawer below 1200 px. */
async function openHeaderMenu(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 1200)
    await page.getByRole('button', { name: 'Открыть меню' }).click();
}

/** The organizations list as the screen shows it: the table from 720 px, the cards below. */
const organizationsList = (page: Page) =>
  isPhone(page)
    ? page.getByRole('list', { name: 'Ваши организации' })
    : page.getByRole('table', { name: 'Ваши организации' });

for (const size of WIDTHS) {
  test.describe(`the cabinet at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('first run: the name banner asks for a name and blocks nothing', async ({ page, request }) => {
      const email = uniqueEmail('first-run');
      const token = await apiSignIn(request, email);
      await openAs(page, { id: 0, email, token, name: '' });
      await page.goto('/app/');
      const banner = page.getByRole('region', { name: 'Укажите имя, чтобы коллеги вас узнавали' });
      await expect(banner).toBeVisible();
      // Nothing else waits for it.
      await expect(page.getByRole('link', { name: 'Добавить новую' })).toBeVisible();
      expect(await findings(page, 'home-first-run')).toEqual([]);

      await banner.getByLabel('Имя').fill('А');
      await banner.getByRole('button', { name: 'Сохранить имя' }).click();
      await expect(banner.getByText('Имя должно содержать минимум 2 символа')).toBeVisible();
      await banner.getByLabel('Имя').fill('Анна Смирнова');
      await banner.getByRole('button', { name: 'Сохранить имя' }).click();
      await expect(page.getByRole('heading', { name: 'Здравствуйте, Анна Смирнова!' })).toBeVisible();
      await expect(banner).toHaveCount(0);
    });

    test('profile: the avatar is saved when chosen; unsaved changes ask before leaving; field errors on fields', async ({
      page,
      request,
    }) => {
      const taken = await createAccount(request, uniqueEmail('taken'), 'Занятый Адрес');
      const account = await createAccount(request, uniqueEmail('avatar'), 'Вера Орлова');
      await openAs(page, account);
      await page.goto('/app/settings/account');
      const save = page.getByRole('button', { name: 'Сохранить изменения' });
      await expect(save).toBeDisabled();
      // The blocked button says why, on focus as on hover.
      await save.focus();
      await expect(page.getByRole('tooltip')).toHaveText('Нет изменений для сохранения');
      expect(await findings(page, 'profile-settings')).toEqual([]);

      await page.locator('input[type="file"]').setInputFiles(tinyPng());
      await expect(page.getByText('Аватар изменен')).toBeVisible();
      await expect(save).toBeDisabled();
      await page.reload();
      await expect(page.getByRole('img', { name: 'Предпросмотр аватара' })).toBeVisible();

      // Leaving a changed form asks first.
      await page.getByLabel('Имя').fill('Вера Петровна');
      await page.getByRole('link', { name: 'Главная' }).first().click();
      const question = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
      await expect(question).toBeVisible();
      expect(await findings(page, 'profile-unsaved-question')).toEqual([]);
      await question.getByRole('button', { name: 'Остаться' }).click();
      await expect(page).toHaveURL(/\/settings\/account$/);
      await expect(page.getByLabel('Имя')).toHaveValue('Вера Петровна');

      // The server's refusal of a field shows on that field, once (no toast repeating it).
      await page.getByLabel('Email').fill(taken.email);
      await save.click();
      const message = 'Пользователь с таким email уже существует';
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await page.waitForTimeout(500);
      await expect(page.getByText(message)).toHaveCount(1);

      await page.getByRole('link', { name: 'Главная' }).first().click();
      await question.getByRole('button', { name: 'Уйти без сохранения' }).click();
      await expect(page).toHaveURL(/\/app\/?$/);
    });

    test('organizations: the next step of an empty list, usage, the upgrade link, the limit toast with its link', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, uniqueEmail('usage'), 'Глеб Иванов');
      await openAs(page, account);
      await page.goto('/app/');
      await expect(page.getByText('Нет данных').filter({ visible: true })).toBeVisible();
      await expect(page.getByText('Создайте первую организацию').filter({ visible: true })).toBeVisible();
      await expect(page.getByText('Тариф «Базовый»: 0 из 1 организации')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Улучшить тариф' }).first()).toHaveAttribute(
        'href',
        '/app/subscription',
      );
      expect(await findings(page, 'home-empty')).toEqual([]);

      await page.goto('/app/?search=нет-такой');
      await expect(
        page.getByText('Ничего не найдено по запросу «нет-такой»').filter({ visible: true }),
      ).toBeVisible();

      await page.goto('/app/organization/create');
      await expect(page.getByText('Тариф «Базовый»: 0 из 1 организации')).toBeVisible();
      await page.getByLabel('Название').fill('Первая');
      await page.getByRole('combobox', { name: 'Тип' }).click();
      await page.getByRole('option', { name: 'Команда' }).click();
      await page.getByRole('button', { name: 'Создать организацию' }).click();
      await expect(page).toHaveURL(/\/organizations\/\d+\/collaborators/);
      await page.goto('/app/');
      await expect(page.getByText('Тариф «Базовый»: 1 из 1 организации')).toBeVisible();
      await expect(organizationsList(page).getByText('1 из 5 участников')).toBeVisible();

      await page.goto('/app/organization/create');
      await expect(
        page.getByText('Тариф «Базовый» не позволяет создать ещё одну организацию', { exact: false }),
      ).toBeVisible();
      expect(await findings(page, 'organization-create-at-limit')).toEqual([]);
      await page.getByLabel('Название').fill('Вторая');
      await page.getByRole('combobox', { name: 'Тип' }).click();
      await page.getByRole('option', { name: 'Команда' }).click();
      await page.getByRole('button', { name: 'Создать организацию' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'позволяет не более 1 организации' });
      await expect(toast).toBeVisible();
      await expect(toast.getByRole('link', { name: 'Перейти к тарифам' })).toHaveAttribute(
        'href',
        '/app/subscription',
      );

      // 'Отмена' leaves without asking, though the form has changes.
      await page.getByRole('button', { name: 'Отмена' }).click();
      await expect(page).toHaveURL(/\/app\/?$/);
    });

    test("a list that failed to load says so and offers 'Повторить'", async ({
      page,
      request,
      consoleErrors,
    }) => {
      const account = await createAccount(request, uniqueEmail('outage'), 'Дарья Козлова');
      await createOrganization(request, account, 'Переживёт сбой');
      await openAs(page, account);
      const endOutage = await outage(page, '**/api/v1/rest/organizations?**', consoleErrors);
      await page.goto('/app/');
      await expect(page.getByText('Не удалось загрузить организации').filter({ visible: true })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByText('Нет данных')).toHaveCount(0);
      expect(await findings(page, 'home-list-failed')).toEqual([]);
      await endOutage();
      await page.getByRole('button', { name: 'Повторить' }).filter({ visible: true }).click();
      await expect(organizationsList(page).getByText('Переживёт сбой')).toBeVisible();
    });

    test("a member sees 'Открыть'; initials are letters; faces are not clipped; e-mails wrap; the plan badge stays", async ({
      page,
      request,
    }) => {
      const owner = await createAccount(request, uniqueEmail('studio-owner'), 'Ольга Светлова');
      const member = await createAccount(
        request,
        `konstantin.konstantinopolsky.${Date.now().toString(36)}@very-long-subdomain.example-company.ru`,
        'Константин Константинопольский',
      );
      const orgId = await createOrganization(request, owner, 'Студия «Северный ветер»');
      await addMember(request, owner, orgId, member);
      for (const name of ['Борис Петров', 'Вера Орлова', 'Глеб Иванов']) {
        await addMember(request, owner, orgId, await createAccount(request, uniqueEmail('face'), name));
      }
      await openAs(page, member);
      await page.goto('/app/');
      const list = organizationsList(page);
      await expect(list.getByText('Студия «Северный ветер»')).toBeVisible();
      await expect(list.getByText('СС', { exact: true })).toBeVisible();
      await expect(list.getByRole('link', { name: /Настройки организации/ })).toHaveCount(0);
      await expect(page.getByTestId('home-plan-badge')).toBeVisible();

      // Each face of the stack leaves the letters of the one before it whole.
      const clipped = await list
        .locator('.mantine-AvatarGroup-group')
        .first()
        .evaluate((group) => {
          const faces = Array.from(group.children) as HTMLElement[];
          const problems: string[] = [];
          faces.slice(0, -1).forEach((face, i) => {
            const next = faces[i + 1] as HTMLElement;
            const letters = face.querySelector('span');
            if (!letters?.textContent) return;
            const range = document.createRange();
            range.selectNodeContents(letters);
            const right = range.getBoundingClientRect().right;
            if (right > next.getBoundingClientRect().left + 0.5) problems.push(letters.textContent);
          });
          return problems;
        });
      expect(clipped).toEqual([]);
      expect(await findings(page, 'home-member')).toEqual([]);

      await list.getByRole('link', { name: 'Открыть организацию Студия «Северный ветер»' }).click();
      await expect(page.getByRole('button', { name: 'Покинуть организацию' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Сохранить изменения' })).toHaveCount(0);
      expect(await findings(page, 'organization-member-view')).toEqual([]);

      // A long e-mail breaks only after '@' or before a dot.
      const email = page.getByText(member.email).filter({ visible: true }).first();
      await expect(email).toBeVisible();
      const breaks = await emailBreaks(email);
      expect(breaks).toEqual({ bad: [], overflows: false });
    });

    test('a paying user sees the plan and its end in the header; checkout says what happens to paid days', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, uniqueEmail('payer'), 'Пётр Платящий');
      await buyPlan(request, account, 2);
      const me = await call(request, account.token, 'GET', '/api/v1/rest/profile/me');
      const end = new Date((me.data as { subscribe_expires_at: string }).subscribe_expires_at);
      const endText = end.toLocaleDateString('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

      await openAs(page, account);
      await page.goto('/app/');
      await openHeaderMenu(page);
      await expect(page.getByRole('link', { name: `Тариф «Про» до ${endText}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Купить подписку' })).toHaveCount(0);
      // The header's links: the ones set (ABOUT_URL, SUPPORT_EMAIL), not FAQ.
      await expect(page.getByRole('link', { name: 'О сервисе' })).toHaveAttribute('href', ABOUT_URL);
      await expect(page.getByRole('link', { name: 'Поддержка' })).toHaveAttribute(
        'href',
        `mailto:${SUPPORT_EMAIL}`,
      );
      await expect(page.getByRole('link', { name: 'FAQ' })).toHaveCount(0);
      expect(await findings(page, 'header-paying')).toEqual([]);

      await page.goto('/app/subscription/update?subscribeId=3');
      const note = page.getByTestId('checkout-preview');
      await expect(note).toContainText(`Оплаченные дни тарифа «Про» (до ${endText}) не пропадут`);
      await expect(note).toContainText('зачтутся в тариф «Корп»');
      expect(await findings(page, 'checkout-switch')).toEqual([]);
      await page.getByRole('radio', { name: /Оплата за год/ }).click();
      await expect(note).toContainText('зачтутся в тариф «Корп»');
    });

    test('every control shows a focus ring; the keyboard reaches the header, the lists and the forms', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, uniqueEmail('focus'), 'Фокус Клавиатурный');
      await createOrganization(request, account, 'Видимый фокус');
      await openAs(page, account);
      await page.goto('/app/');
      await expect(page.getByText('Видимый фокус').filter({ visible: true })).toBeVisible();
      expect(await focusRingsMissing(page, 14)).toEqual([]);
      await page.goto('/app/settings/account');
      await expect(page.getByLabel('Имя')).toBeVisible();
      expect(await focusRingsMissing(page, 12)).toEqual([]);
      await page.goto('/app/subscription/update?subscribeId=2');
      await expect(page.getByText('Способ оплаты')).toBeVisible();
      expect(await focusRingsMissing(page, 12)).toEqual([]);
    });
  });
}
