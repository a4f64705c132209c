import type { APIRequestContext } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers';
import { apiSignIn, expect, mailbox, signInAs, test, uniqueEmail } from './support/fixtures';
import { findings } from './support/inspect';

// Issue 29: a command-line application signs in by the device authorization grant (approved on
// /app/device, seen and ended in 'Безопасность'), and a script's personal access token is made on
// 'Токены доступа'.

const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

async function startDeviceFlow(request: APIRequestContext) {
  const res = await request.post('/api/v1/oauth/device/code', {
    form: { client_id: 'desktop', scope: 'read write' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { device_code: string; user_code: string; verification_uri_complete: string };
}

const poll = (request: APIRequestContext, deviceCode: string) =>
  request.post('/api/v1/oauth/token', {
    form: { grant_type: GRANT, device_code: deviceCode, client_id: 'desktop' },
  });

const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/v1/rest/profile/me', { headers: { Authorization: `Bearer ${token}` } })).status();

test.describe('device authorization and tokens', () => {
  test("approves a device code on /app/device, sees the session in 'Безопасность' and ends it", async ({
    page,
  }) => {
    await signInAs(page, uniqueEmail('device'));
    const started = await startDeviceFlow(page.request);
    const pending = await poll(page.request, started.device_code);
    expect((await pending.json()).error).toBe('authorization_pending');

    const link = new URL(started.verification_uri_complete);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Вход в приложение', level: 1 })).toBeVisible();
    const request = page.getByRole('region', { name: 'Запрос на вход' });
    await expect(request.getByRole('heading', { name: 'Настольное приложение' })).toBeVisible();
    await expect(request).toContainText(started.user_code);
    expect(await findings(page, 'device')).toEqual([]);
    await request.getByRole('button', { name: 'Разрешить' }).click();
    await expect(page.getByText('Вход разрешён', { exact: true })).toBeVisible();

    // The application's next poll (after its interval) gets the token, once.
    await page.waitForTimeout(5200);
    const issued = await poll(page.request, started.device_code);
    expect(issued.status(), await issued.text()).toBe(200);
    const { access_token } = await issued.json();
    expect(await meStatus(page.request, access_token)).toBe(200);

    await page.goto('/app/settings/security');
    const sessions = page.getByRole('list', { name: 'Сеансы' }).getByRole('listitem');
    const device = sessions.filter({ hasText: 'Настольное приложение' });
    await expect(device).toHaveCount(1);
    await device.getByRole('button', { name: 'Завершить сеанс: Настольное приложение' }).click();
    await expect(page.getByText('Сеанс завершён')).toBeVisible();
    await expect(sessions.filter({ hasText: 'Настольное приложение' })).toHaveCount(0);
    expect(await meStatus(page.request, access_token)).toBe(401);
  });

  test('a signed-out visitor signs in on the way and comes back to the code', async ({ page }) => {
    const started = await startDeviceFlow(page.request);
    const link = new URL(started.verification_uri_complete);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/app\/auth-app/);
    const email = uniqueEmail('device-signin');
    const before = await mailbox.count(email);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Email').press('Enter');
    const code = await mailbox.code(email, before);
    await page.getByRole('textbox', { name: 'Цифра 1 из 6' }).focus();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Войти в личный кабинет' }).click();
    await expect(page).toHaveURL(/\/app\/device\?user_code=/);
    const request = page.getByRole('region', { name: 'Запрос на вход' });
    await request.getByRole('button', { name: 'Отклонить' }).click();
    await expect(page.getByText('Вход отклонён', { exact: true })).toBeVisible();
    await page.waitForTimeout(5200);
    expect((await (await poll(page.request, started.device_code)).json()).error).toBe('access_denied');
  });

  test("makes a personal access token on 'Токены доступа', shown once, and revokes it", async ({ page }) => {
    await signInAs(page, uniqueEmail('tokens'));
    await page.goto('/app/');
    await page
      .getByRole('button', { name: /Меню профиля/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Токены доступа' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/tokens$/);
    expect(await findings(page, 'tokens-empty')).toEqual([]);
    await page.getByRole('button', { name: 'Создать токен' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Название').fill('Сборка');
    await dialog.getByRole('button', { name: 'Создать токен' }).click();
    const shown = dialog.getByLabel('Токен');
    await expect(shown).toContainText('cab_pat_');
    const token = (await shown.textContent())?.trim() ?? '';
    expect(await meStatus(page.request, token)).toBe(200);
    await dialog.getByRole('button', { name: 'Готово' }).click();
    const items = page.getByRole('list', { name: 'Токены доступа' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Сборка');
    await expect(page.getByText(token)).toHaveCount(0);
    expect(await findings(page, 'tokens')).toEqual([]);
    await items.first().getByRole('button', { name: 'Отозвать токен Сборка' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отозвать токен' }).click();
    await expect(page.getByText('Токен отозван')).toBeVisible();
    expect(await meStatus(page.request, token)).toBe(401);
  });

  test("an admin sees a user's token on the user's page and revokes it", async ({ page }) => {
    const session = await apiSignIn(page.request, uniqueEmail('tokens-admin'));
    const me = await (
      await page.request.get('/api/v1/rest/profile/me', { headers: { 'X-Session-Id': session } })
    ).json();
    const made = await page.request.post('/api/v1/rest/profile/tokens', {
      headers: { 'X-Session-Id': session },
      data: { name: 'Ночной отчёт', scopes: ['read'], expires_in_days: 30 },
    });
    expect(made.status()).toBe(201);
    const { token } = (await made.json()).data;
    await signInAsAdmin(page);
    await page.goto(`/app/admin/users/${me.data.id}`);
    const panel = page.getByRole('region', { name: 'Токены доступа' });
    await expect(panel.getByRole('listitem')).toHaveCount(1);
    await expect(panel).toContainText('Ночной отчёт');
    await panel.getByRole('button', { name: 'Отозвать токен Ночной отчёт' }).click();
    await expect(page.getByText('Токен отозван')).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(0);
    expect(await meStatus(page.request, token)).toBe(401);
  });
});
