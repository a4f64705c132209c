import type { APIRequestContext, Page } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers';
import { apiSignIn, expect, signInAs, test, uniqueEmail } from './support/fixtures';
import { ANDROID, call, openAs, PHONE, signInElsewhere } from './user-helpers';

// 'Безопасность' (issue 14): the sessions of an account and their ending, passkeys added and used in a real
// Chromium (its virtual authenticator, through CDP), and a user's sessions on the admin user screen.

const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/v1/rest/profile/me', { headers: { 'X-Session-Id': token } })).status();

async function openMenuItem(page: Page, item: string) {
  await page
    .getByRole('button', { name: /Меню профиля/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('Безопасность', () => {
  test('lists the sessions, ends the other one (its next call is 401), then every other', async ({
    page,
  }) => {
    const email = uniqueEmail('security');
    const token = await apiSignIn(page.request, email);
    const [phone, android] = await signInElsewhere(page.request, token, [PHONE, ANDROID]);
    await openAs(page, { id: 0, email, name: '', token });

    await page.goto('/app/');
    await openMenuItem(page, 'Безопасность');
    await expect(page).toHaveURL(/\/app\/settings\/security$/);
    await expect(page.getByRole('heading', { name: 'Безопасность', level: 1 })).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Сеансы' }).getByRole('listitem');
    await expect(sessions).toHaveCount(3);
    // Newest first; this browser's session is marked and has no 'Завершить'.
    await expect(sessions.nth(0)).toContainText('Chrome 142, Android');
    await expect(sessions.nth(1)).toContainText('Safari 17, iOS');
    await expect(sessions.nth(2)).toContainText('Это устройство');
    await expect(sessions.nth(2).getByRole('button', { name: /Завершить/ })).toHaveCount(0);

    await sessions.nth(1).getByRole('button', { name: 'Завершить сеанс: Safari 17, iOS' }).click();
    await expect(page.getByText('Сеанс завершён')).toBeVisible();
    await expect(sessions).toHaveCount(2);
    expect(await meStatus(page.request, phone!)).toBe(401);
    expect(await meStatus(page.request, android!)).toBe(200);

    await page.getByRole('button', { name: 'Выйти на всех других устройствах' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Выйти на других устройствах' }).click();
    await expect(page.getByText('Сеансы на других устройствах завершены')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('Это устройство');
    expect(await meStatus(page.request, android!)).toBe(401);
    expect(await meStatus(page.request, token)).toBe(200);
  });

  test('the new-device mail can be switched off', async ({ page }) => {
    await signInAs(page, uniqueEmail('security-mail'));
    await page.goto('/app/settings/security');
    const toggle = page.getByRole('switch', { name: 'Сообщать о входе с нового устройства' });
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    await expect(page.getByText('Настройки сохранены')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('switch', { name: 'Сообщать о входе с нового устройства' }),
    ).not.toBeChecked();
  });

  test("a passkey is added here and signs in with Chromium's virtual authenticator", async ({ page }) => {
    const email = uniqueEmail('passkey');
    await signInAs(page, email);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto('/app/settings/security');
    const keys = page.getByRole('region', { name: 'Ключи доступа' });
    await expect(keys.getByText('Нет данных')).toBeVisible();
    await expect(keys.getByText('Добавьте ключ доступа, чтобы входить без кода из письма')).toBeVisible();
    await keys.getByRole('button', { name: 'Добавить ключ доступа' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый ключ доступа' });
    await dialog.getByLabel('Название').fill('Ноутбук');
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await expect(page.getByText('Ключ доступа добавлен')).toBeVisible();
    await expect(dialog).toBeHidden();
    const list = keys.getByRole('list', { name: 'Ключи доступа' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('Ноутбук')).toBeVisible();
    await expect(list.getByText(/ещё не использовался/)).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    expect(credentials[0]?.rpId).toBe('localhost');
    const countAtRegistration = credentials[0]?.signCount ?? 0;

    // Signed out: the sign-in page offers the passkey in the e-mail field's autofill (conditional
    // mediation), which Chromium's virtual authenticator answers at once, as a person picking it would.
    await openMenuItem(page, 'Выйти');
    await expect(page).toHaveURL(/\/app\/auth-app/);
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email webauthn');
    await expect(page.getByText('Авторизация прошла успешно')).toBeVisible();
    await page.getByRole('button', { name: 'Войти в личный кабинет' }).click();
    await expect(page).toHaveURL(/\/app\/?$/);

    // And by 'Войти с ключом доступа': the autofill's options call is held back this time, so the button's
    // own ceremony (which supersedes the autofill) is what signs in.
    let optionsCalls = 0;
    await page.route('**/api/v1/auth/passkey/login/options', async (route) => {
      if (++optionsCalls === 1) return; // never answered: the autofill waits
      await route.continue();
    });
    await openMenuItem(page, 'Выйти');
    await expect(page).toHaveURL(/\/app\/auth-app/);
    await expect.poll(() => optionsCalls).toBe(1);
    await page.getByRole('button', { name: 'Войти с ключом доступа' }).click();
    await expect(page.getByText('Авторизация прошла успешно')).toBeVisible();
    expect(optionsCalls).toBe(2);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Войти в личный кабинет' }).click();
    await expect(page).toHaveURL(/\/app\/?$/);

    await page.goto('/app/settings/security');
    await expect(list.getByText(/последний вход \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
    // Each sign-in moved the counter the server checks.
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount).toBe(
      countAtRegistration + 2,
    );
    // Two sessions made by the passkey, this one marked.
    await expect(page.getByRole('list', { name: 'Сеансы' }).getByText('Это устройство')).toBeVisible();

    // Renamed, then removed: it signs nobody in any more.
    await list.getByRole('button', { name: 'Переименовать ключ доступа Ноутбук' }).click();
    const rename = page.getByRole('dialog', { name: 'Переименовать ключ доступа' });
    await rename.getByLabel('Название').fill('Рабочий ноутбук');
    await rename.getByRole('button', { name: 'Сохранить' }).click();
    await expect(list.getByText('Рабочий ноутбук')).toBeVisible();
    await list.getByRole('button', { name: 'Удалить ключ доступа Рабочий ноутбук' }).click();
    await page
      .getByRole('dialog', { name: 'Удалить ключ доступа?' })
      .getByRole('button', { name: 'Удалить ключ' })
      .click();
    await expect(keys.getByText('Нет данных')).toBeVisible();
    await expect(keys.getByText('Добавьте ключ доступа, чтобы входить без кода из письма')).toBeVisible();

    // The authenticator still holds it; the server no longer knows it.
    await openMenuItem(page, 'Выйти');
    // The toasts of the rename and the removal may still be up beside it.
    await expect(page.getByRole('alert').filter({ hasText: 'Этот ключ доступа не найден' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Отправить код' })).toBeEnabled();
  });

  test("an admin sees a user's sessions on the user's screen and ends one", async ({ page }) => {
    const email = uniqueEmail('security-admin');
    const token = await apiSignIn(page.request, email);
    const [phone] = await signInElsewhere(page.request, token, [PHONE]);
    const me = await call(page.request, token, 'GET', '/api/v1/rest/profile/me');
    const userId = (me.data as { id: number }).id;
    await signInAsAdmin(page);

    await page.goto(`/app/admin/users/${userId}`);
    const panel = page.getByRole('region', { name: 'Сеансы' });
    const sessions = panel.getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(panel.getByText('Это устройство')).toHaveCount(0);
    await sessions
      .filter({ hasText: 'Safari 17, iOS' })
      .getByRole('button', { name: /Завершить/ })
      .click();
    await expect(page.getByText('Сеанс завершён')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    expect(await meStatus(page.request, phone!)).toBe(401);
    expect(await meStatus(page.request, token)).toBe(200);
  });
});
