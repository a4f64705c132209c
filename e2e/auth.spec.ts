import { createHash, randomBytes } from 'node:crypto';
import { expect, mailbox, signInAs, test, uniqueEmail } from './support/fixtures';

test.describe('sign-in', () => {
  test('a new user signs in with the code from the mail, reaches home, logs out', async ({ page }) => {
    const email = uniqueEmail('newcomer');
    await page.goto('/app/');
    await expect(page).toHaveURL(/\/app\/auth-app/);

    await page.getByLabel('Email').fill(email);
    const before = await mailbox.count(email);
    await page.getByRole('button', { name: 'Отправить код' }).click();
    const code = await mailbox.code(email, before);

    await expect(page.getByText('Введите код полученный в письме')).toBeVisible();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Авторизоваться' }).click();

    await expect(page.getByText('Авторизация прошла успешно')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Открыть приложение' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Скопировать токен' })).toBeVisible();
    await page.getByRole('button', { name: 'Войти в личный кабинет' }).click();

    await expect(page).toHaveURL(/\/app\/?$/);
    await expect(page.getByText(email).first()).toBeVisible();

    await page
      .getByRole('button', { name: /профил|меню/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/app\/auth-app/);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('cabinet.accessToken')))
      .toBeNull();
  });

  test('keeps the device token the code step gave and sends it on the next sign-in (decision 0182)', async ({
    page,
  }) => {
    const email = uniqueEmail('device');
    await page.goto('/app/auth-app');
    await page.getByLabel('Email').fill(email);
    const before = await mailbox.count(email);
    await page.getByRole('button', { name: 'Отправить код' }).click();
    const code = await mailbox.code(email, before);
    await expect(page.getByText('Введите код полученный в письме')).toBeVisible();
    const answer = page.waitForResponse(
      (res) => res.url().endsWith('/api/v1/auth/login') && res.request().postDataJSON()?.code !== undefined,
    );
    await page.keyboard.type(code);
    const token = (await (await answer).json()).data.device_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText('Авторизация прошла успешно')).toBeVisible();
    const stored = await page.evaluate(() => window.localStorage.getItem('cabinet.signIn.devices'));
    expect(JSON.parse(stored ?? '[]')).toEqual([[email, token]]);

    // The next sign-in to that address, in a fresh tab of this browser, sends it.
    await page.evaluate(() => window.localStorage.removeItem('cabinet.accessToken'));
    await page.goto('/app/auth-app');
    await page.getByLabel('Email').fill(email.toUpperCase());
    const next = page.waitForRequest((req) => req.url().endsWith('/api/v1/auth/login'));
    await page.getByRole('button', { name: 'Отправить код' }).click();
    expect((await next).postDataJSON()).toMatchObject({ email: email.toUpperCase(), device_token: token });
  });

  test('a sign-in for a desktop app shows the fingerprint of the app key to compare', async ({ page }) => {
    // Any 32 bytes are an X25519 public key to seal for; the fingerprint is 8 bytes of its SHA-256.
    const key = randomBytes(32);
    const fingerprint = createHash('sha256')
      .update(key)
      .digest('hex')
      .slice(0, 16)
      .replace(/(.{4})(?!$)/g, '$1 ');
    const email = uniqueEmail('desktop');
    await page.goto(`/app/auth-app?loginKey=${encodeURIComponent(key.toString('base64'))}`);
    await page.getByLabel('Email').fill(email);
    const before = await mailbox.count(email);
    await page.getByRole('button', { name: 'Отправить код' }).click();
    const code = await mailbox.code(email, before);
    await expect(page.getByText('Введите код полученный в письме')).toBeVisible();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Авторизоваться' }).click();

    await expect(page.getByText('Авторизация прошла успешно')).toBeVisible();
    await expect(page.getByText(`Отпечаток ключа приложения: ${fingerprint}`)).toBeVisible();
  });

  test('a wrong code shows the server message', async ({ page }) => {
    const email = uniqueEmail('wrong');
    await page.goto('/app/auth-app');
    await page.getByLabel('Email').fill(email);
    const before = await mailbox.count(email);
    await page.getByRole('button', { name: 'Отправить код' }).click();
    const code = await mailbox.code(email, before);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expect(page.getByText('Введите код полученный в письме')).toBeVisible();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Авторизоваться' }).click();
    await expect(page.getByText('Неверный код. Осталось попыток: 4')).toBeVisible();
  });

  test('the guard sends a signed-out visitor to sign-in', async ({ page }) => {
    await page.goto('/app/settings/account');
    await expect(page).toHaveURL(/\/app\/auth-app/);
  });

  test('an unknown path shows the not-found page to a signed-in user', async ({ page }) => {
    await signInAs(page, uniqueEmail('lost'));
    await page.goto('/app/no/such/page');
    await expect(page.getByText('Упс! Эта страница не может быть найдена')).toBeVisible();
    await expect(page.getByText('Страница, которую вы ищете, возможно, удалена')).toBeVisible();
    await page
      .getByRole('link', { name: 'На главную' })
      .or(page.getByRole('button', { name: 'На главную' }))
      .click();
    await expect(page).toHaveURL(/\/app\/?$/);
  });
});
