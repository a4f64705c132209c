import type { Page } from '@playwright/test';
import { adminToken, api, signInAsAdmin } from './admin-helpers';
import { apiSignIn, expect, mailbox, test, uniqueEmail } from './support/fixtures';
import { findings, screenshot, WIDTHS } from './support/inspect';
import {
  ANDROID,
  addMember,
  call,
  createAccount,
  createOrganization,
  openAs,
  PHONE,
  signInElsewhere,
} from './user-helpers';

// Every screen at the two widths of issue 4 (1440 px and 390 px): no serious or critical axe
// violation, no horizontal scroll, and a full-page screenshot kept for a person to look at
// (SCREENSHOT_DIR, default /tmp/cabinet-screens).

/** Looks at the screen that is open now, keeps its picture, and answers what is wrong with it. */
async function inspect(page: Page, screen: string, width: string): Promise<string[]> {
  const found = await findings(page, screen);
  await screenshot(page, screen, width);
  return found;
}

/** Opens each [screen, url, a text that shows once it has loaded] in turn and inspects it. */
async function inspectAll(page: Page, screens: [string, string, string][], width: string) {
  const found: string[] = [];
  for (const [screen, url, marker] of screens) {
    await page.goto(url);
    // In the page itself: the admin's section bar names the sections too.
    await expect(page.getByRole('main').getByText(marker).first()).toBeVisible();
    found.push(...(await inspect(page, screen, width)));
  }
  return found;
}

for (const size of WIDTHS) {
  test.describe(`every screen at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('sign-in', async ({ page }) => {
      await page.goto('/app/auth-app');
      await expect(page.getByRole('button', { name: 'Отправить код' })).toBeVisible();
      expect(await inspect(page, 'sign-in', size.name)).toEqual([]);
    });

    test('sign-in success for a desktop app (key fingerprint)', async ({ page }) => {
      const email = uniqueEmail('screens-desktop');
      const loginKey = Buffer.alloc(32, 7).toString('base64');
      await page.goto(`/app/auth-app?loginKey=${encodeURIComponent(loginKey)}`);
      await page.getByLabel('Email').fill(email);
      const before = await mailbox.count(email);
      await page.getByRole('button', { name: 'Отправить код' }).click();
      const code = await mailbox.code(email, before);
      await expect(page.getByText('Введите код полученный в письме')).toBeVisible();
      await page.keyboard.type(code);
      await page.getByRole('button', { name: 'Авторизоваться' }).click();
      await expect(page.getByText(/Отпечаток ключа приложения/)).toBeVisible();
      expect(await inspect(page, 'sign-in-desktop-success', size.name)).toEqual([]);
    });

    test('user screens', async ({ page }) => {
      // Several screens, each with an axe run: more than the default minute on a busy machine.
      test.slow();
      const owner = await createAccount(page.request, uniqueEmail('screens-owner'), 'Анна Смирнова');
      const member = await createAccount(page.request, uniqueEmail('screens-member'), 'Борис Петров');
      const orgId = await createOrganization(page.request, owner, 'Команда обзора');
      await addMember(page.request, owner, orgId, member);
      // 'Безопасность' with sessions on other devices and a passkey.
      await signInElsewhere(page.request, owner.token, [PHONE, ANDROID]);
      await openAs(page, owner);

      const screens: [string, string, string][] = [
        ['home', '/app/', 'Ваши организации'],
        ['subscription', '/app/subscription', 'Тарифы'],
        ['checkout', '/app/subscription/update?subscribeId=2', 'Оплатить'],
        ['organization-create', '/app/organization/create', 'Создать организацию'],
        [
          'organization-settings',
          `/app/dashboard/organizations/${orgId}/collaborators?orgName=${encodeURIComponent('Команда обзора')}`,
          'Команда обзора',
        ],
        ['profile-settings', '/app/settings/account', 'Сохранить'],
        ['security', '/app/settings/security', 'Это устройство'],
        ['tokens', '/app/settings/tokens', 'Создать токен'],
        ['device', '/app/device', 'Продолжить'],
        ['not-found', '/app/no/such/page', 'Упс! Эта страница не может быть найдена'],
      ];
      expect(await inspectAll(page, screens, size.name)).toEqual([]);
    });

    test('first run and a member (issue 16)', async ({ page }) => {
      const owner = await createAccount(page.request, uniqueEmail('screens-studio'), 'Ольга Светлова');
      const orgId = await createOrganization(page.request, owner, 'Студия «Северный ветер»');
      const email = uniqueEmail('screens-first-run');
      const token = await apiSignIn(page.request, email);
      const me = await api(page.request, token, 'GET', '/api/v1/rest/profile/me');
      const newcomer = { id: (me.body.data as { id: number }).id, email, token, name: '' };
      await addMember(page.request, owner, orgId, newcomer);
      await openAs(page, newcomer);
      const screens: [string, string, string][] = [
        ['home-first-run', '/app/', 'Укажите имя, чтобы коллеги вас узнавали'],
        [
          'organization-member-view',
          `/app/dashboard/organizations/${orgId}/collaborators`,
          'Покинуть организацию',
        ],
      ];
      expect(await inspectAll(page, screens, size.name)).toEqual([]);
    });

    test('teams screens (issue 13)', async ({ page, browser, baseURL }) => {
      test.slow();
      const owner = await createAccount(page.request, uniqueEmail('screens-team-owner'), 'Ольга Соколова');
      const deputy = await createAccount(page.request, uniqueEmail('screens-team-admin'), 'Дмитрий Замов');
      const heir = await createAccount(page.request, uniqueEmail('screens-team-heir'), 'Наталья Новикова');
      const invitee = await createAccount(page.request, uniqueEmail('screens-team-invitee'), 'Игорь Гостев');
      const orgId = await createOrganization(page.request, owner, 'Команда приглашений');
      await addMember(page.request, owner, orgId, deputy);
      await addMember(page.request, owner, orgId, heir);
      const rest = `/api/v1/rest/organizations/${orgId}`;
      await call(page.request, owner.token, 'PUT', `/api/v1/rest/organizations/update-member-type/${orgId}`, {
        user_id: deputy.id,
        type: 3,
      });
      const newcomer = uniqueEmail('screens-team-newcomer');
      const before = await mailbox.count(newcomer);
      await call(page.request, owner.token, 'POST', `${rest}/invitations`, { email: newcomer, type_id: 2 });
      await call(page.request, owner.token, 'POST', `${rest}/invitations`, {
        email: invitee.email,
        type_id: 3,
      });
      await call(page.request, owner.token, 'POST', `${rest}/transfer`, { user_id: heir.id });
      const link =
        (await mailbox.text(newcomer, before)).match(/https?:\/\/\S+\/app\/invite\/\S+/)?.[0] ?? '';
      const settings = `/app/dashboard/organizations/${orgId}/collaborators`;
      const found: string[] = [];

      /** A screen as `account` sees it (none: signed out), in a browser of its own. */
      const look = async (account: typeof owner | null, screens: [string, string, string][]) => {
        const context = await browser.newContext({ baseURL, locale: 'ru-RU', viewport: size });
        const other = await context.newPage();
        if (account) await openAs(other, account);
        found.push(...(await inspectAll(other, screens, size.name)));
        return { other, close: () => context.close() };
      };

      (await look(null, [['invite-signed-out', link, 'Приглашение в организацию']])).close();
      (
        await look(owner, [
          ['team-owner-settings', settings, 'Передача организации ожидает ответа'],
          ['invite-other-address', link, 'Приглашение отправлено на другой адрес'],
        ])
      ).close();
      (await look(deputy, [['team-admin-settings', settings, 'Управление участниками']])).close();
      (
        await look(heir, [
          ['team-transfer-prompt', settings, 'Вам предлагают стать владельцем'],
          ['team-transfer-home', '/app/', 'Передача организации'],
        ])
      ).close();
      (await look(invitee, [['team-invitee-home', '/app/', 'Приглашение в организацию']])).close();
      const deleting = await look(owner, [
        ['team-delete-account', '/app/settings/account', 'Удалить аккаунт'],
      ]);
      await deleting.other.getByRole('button', { name: 'Удалить аккаунт' }).click();
      await expect(deleting.other.getByText('Сначала передайте или удалите')).toBeVisible();
      found.push(...(await inspect(deleting.other, 'team-delete-account-dialog', size.name)));
      await deleting.close();
      expect(found).toEqual([]);
    });

    test('admin screens', async ({ page }) => {
      // A dozen screens, each with an axe run: more than the default minute on a busy machine.
      test.slow();
      const admin = await adminToken(page.request);
      const someone = await createAccount(page.request, uniqueEmail('screens-user'), 'Вера Орлова');
      const orgId = await createOrganization(page.request, someone, 'Организация обзора');
      await signInElsewhere(page.request, someone.token, [PHONE]);
      const plans = await api(page.request, admin, 'GET', '/api/v1/rest/subscribes');
      const planId = (plans.body.data as { id: number }[])[0]?.id;
      await signInAsAdmin(page);

      const screens: [string, string, string][] = [
        ['admin-main', '/app/admin/main', 'Пользователи'],
        ['admin-users', '/app/admin/users', 'Создать пользователя'],
        ['admin-user-create', '/app/admin/users/new', 'Email'],
        [
          'admin-user-settings',
          `/app/admin/users/${someone.id}?userName=${encodeURIComponent('Вера Орлова')}`,
          'Вера Орлова',
        ],
        ['admin-organizations', '/app/admin/organizations', 'Организации'],
        ['admin-organization-create', '/app/admin/organizations/new', 'Создание организации'],
        ['admin-organization-settings', `/app/admin/organizations/${orgId}`, 'Организация обзора'],
        ['admin-plans', '/app/admin/subscriptions', 'Тарифы'],
        ['admin-plan-create', '/app/admin/subscriptions/new', 'Создание тарифа'],
        ['admin-plan-settings', `/app/admin/subscriptions/${planId}`, 'Сохранить'],
        ['admin-refunds', '/app/admin/refunds', 'Возвраты'],
        ['admin-applications', '/app/admin/applications', 'Настольное приложение'],
        ['admin-audit', '/app/admin/audit', 'Кто и что сделал в кабинете'],
        ['admin-profile-settings', '/app/admin/settings/account', 'Сохранить'],
        ['admin-security', '/app/admin/settings/security', 'Это устройство'],
      ];
      expect(await inspectAll(page, screens, size.name)).toEqual([]);
    });

    test('polish II screens (issue 34)', async ({ page, browser, baseURL }) => {
      test.slow();
      const owner = await createAccount(page.request, uniqueEmail('screens-polish-owner'), 'Полина Новикова');
      const member = await createAccount(
        page.request,
        uniqueEmail('screens-polish-member'),
        'Павел Участников',
      );
      const orgId = await createOrganization(page.request, owner, 'Студия «Север»');
      await addMember(page.request, owner, orgId, member);
      await openAs(page, owner);
      const found: string[] = [];

      // The organization page in order of use, and raising a member asks first.
      await page.goto(`/app/dashboard/organizations/${orgId}/collaborators`);
      await expect(page.getByRole('region', { name: 'Опасная зона' })).toBeVisible();
      found.push(...(await inspect(page, 'organization-order-of-use', size.name)));
      await page.getByLabel('Роль: Павел Участников').filter({ visible: true }).click();
      await page.getByRole('option', { name: 'Администратор' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await inspect(page, 'organization-promote-dialog', size.name)));
      await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();

      // A new organization opens inviting first (an account with none yet: the free plan allows one).
      const creator = await createAccount(page.request, uniqueEmail('screens-polish-new'), 'Кира Первая');
      const context = await browser.newContext({ baseURL, locale: 'ru-RU', viewport: size });
      const creating = await context.newPage();
      await openAs(creating, creator);
      await creating.goto('/app/organization/create');
      await creating.getByLabel('Название').fill('Новая мастерская');
      await creating.getByRole('button', { name: 'Создать организацию' }).click();
      await expect(creating.getByRole('region', { name: 'Пригласите участников' })).toBeVisible();
      found.push(...(await inspect(creating, 'organization-created-invite', size.name)));
      await context.close();

      // The phone's drawer.
      if (size.width < 576) {
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await expect(page.getByRole('navigation', { name: 'Разделы кабинета' })).toBeVisible();
        found.push(...(await inspect(page, 'drawer-menu', size.name)));
        await page.keyboard.press('Escape');
      }

      // The admin's payments with filters in force.
      await signInAsAdmin(page);
      await page.goto('/app/admin/payments?status=paid&period=month');
      await expect(page.getByRole('list', { name: 'Действующие фильтры' })).toBeVisible();
      found.push(...(await inspect(page, 'admin-payments-filters', size.name)));

      // The journal's filters in force, as chips (behind 'Фильтры' on a phone).
      await page.goto('/app/admin/audit');
      if (size.width < 576) await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
      const journal = page.getByRole('form', { name: 'Фильтры журнала' });
      await journal.getByLabel('Кто').fill(owner.email);
      await journal.getByRole('button', { name: 'Применить' }).click();
      await expect(page.getByRole('list', { name: 'Действующие фильтры' })).toBeVisible();
      found.push(...(await inspect(page, 'admin-audit-filters', size.name)));
      expect(found).toEqual([]);
    });
  });
}
