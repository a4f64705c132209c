import net from 'node:net';
import { expect, test } from '@playwright/test';
import { YandexServer } from '../apps/api/test/yandex-server';
import { findings } from './support/inspect';
import { type Stack, startStack } from './support/stack';

// Issue 30's Yandex ID in a real browser: 'Войти с Яндекс ID' on the sign-in screen → the local server that
// answers as Yandex's endpoints do (apps/api/test/yandex-server.ts) → back signed in; the link in
// 'Безопасность', 'Отвязать', and 'Привязать Яндекс ID' again. This spec runs its own server with YANDEX_*
// set (the shared stack stays without Yandex ID, as most installations are), on a free port.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let yandex: YandexServer;
let app: Stack;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  yandex = new YandexServer();
  const base = await yandex.start();
  app = await startStack(await freePort(), {
    YANDEX_CLIENT_ID: yandex.clientId,
    YANDEX_CLIENT_SECRET: yandex.clientSecret,
    YANDEX_OAUTH_URL: base,
    YANDEX_LOGIN_URL: base,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await yandex?.stop();
});

let people = 0;
const person = () => {
  const id = String(4_000_000_000 + (Date.now() % 1_000_000) * 10 + ++people);
  return { id, login: `ya${id}`, default_email: `ya${id}@yandex.ru`, real_name: 'Анна Яндексова' };
};

test("'Войти с Яндекс ID' → back signed in; the link in 'Безопасность', unlinked and linked again", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text());
  });
  const someone = person();
  yandex.signInAs(someone);

  await page.goto(`${app.baseURL}/app/auth-app`);
  const button = page.getByRole('link', { name: 'Войти с Яндекс ID' });
  await expect(button).toBeVisible();
  // The code stays the first way in.
  await expect(page.getByRole('button', { name: 'Отправить код' })).toBeVisible();
  expect(await findings(page, 'sign-in with Yandex ID')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await findings(page, 'sign-in with Yandex ID')).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  await button.click();
  // Yandex's page, the callback and the landing pass by; the cabinet opens signed in, the code gone.
  await expect(page).toHaveURL(`${app.baseURL}/app/`);
  await expect(page.getByRole('button', { name: /Меню профиля/ }).first()).toBeVisible();
  expect(yandex.calls('/token')).toHaveLength(1);
  expect(yandex.calls('/info')).toHaveLength(1);

  await page.goto(`${app.baseURL}/app/settings/security`);
  const panel = page.getByRole('region', { name: 'Связанные аккаунты' });
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Яндекс ID');
  await expect(rows.first()).toContainText(someone.default_email);
  await expect(rows.first()).toContainText('последний вход');
  expect(await findings(page, "'Безопасность' with Yandex ID")).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await findings(page, "'Безопасность' with Yandex ID")).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  await rows.first().getByRole('button', { name: 'Отвязать Яндекс ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отвязать Яндекс ID?' });
  await expect(dialog).toContainText('Входить по коду из письма можно по-прежнему');
  await dialog.getByRole('button', { name: 'Отвязать' }).click();
  await expect(page.getByText('Яндекс ID отвязан')).toBeVisible();
  await expect(rows).toHaveCount(0);

  // Linked again from here: out to Yandex and back to 'Безопасность'.
  await panel.getByRole('button', { name: 'Привязать Яндекс ID' }).click();
  await expect(page).toHaveURL(`${app.baseURL}/app/settings/security`);
  await expect(panel.getByRole('status')).toContainText('Яндекс ID привязан');
  await expect(rows).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Привязать Яндекс ID' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('saying no at Yandex: a page that says so, and the way back to the sign-in screen', async ({ page }) => {
  yandex.signInAs(person());
  yandex.denyNext();
  await page.goto(`${app.baseURL}/app/auth-app`);
  await page.getByRole('link', { name: 'Войти с Яндекс ID' }).click();
  await expect(page.getByRole('heading', { name: 'Вход не выполнен' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Вход через Яндекс ID отменён');
  expect(await findings(page, 'Yandex ID refused')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await findings(page, 'Yandex ID refused')).toEqual([]);
  await page.getByRole('link', { name: 'Вернуться ко входу' }).click();
  await expect(page).toHaveURL(`${app.baseURL}/app/auth-app`);
  await expect(page.getByRole('link', { name: 'Войти с Яндекс ID' })).toBeVisible();

  // The cabinet's landing with a code that is no good (an old link): it says so and offers the way in.
  await page.goto(`${app.baseURL}/app/auth-app/landing?code=${'A'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText(
    'Ссылка входа устарела или уже использована: войдите заново',
  );
  await expect(page).toHaveURL(`${app.baseURL}/app/auth-app/landing`);
  expect(await findings(page, 'landing refused')).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await findings(page, 'landing refused')).toEqual([]);
  await page.getByRole('link', { name: 'Войти другим способом' }).click();
  await expect(page).toHaveURL(`${app.baseURL}/app/auth-app`);
});
