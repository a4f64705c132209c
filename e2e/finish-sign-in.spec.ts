import type { Page } from '@playwright/test';
import { apiSignIn, expect, mailbox, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { openAs } from './user-helpers';

// Issue 16, sign-in: six digits send themselves, a refused code is cleared, a reload returns to the code
// step, a burned code is replaced at once, a session ended elsewhere says so; and all of it by keyboard.

const BURNED = 'Превышено число попыток ввода кода, запросите новый';
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const codeBoxes = (page: Page) => page.getByRole('textbox', { name: /^Цифра \d из 6$/ });

/** E-mail step by keyboard: type and Enter. Answers the code the mail brought. */
async function askForCode(page: Page, email: string): Promise<string> {
  const before = await mailbox.count(email);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Email').press('Enter');
  const code = await mailbox.code(email, before);
  await expect(page.getByText('Введите код полученный в письме')).toBeVisible();
  return code;
}

async function paste(page: Page, text: string) {
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

for (const size of WIDTHS) {
  test.describe(`sign-in at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('keyboard only: from the e-mail field to the home screen', async ({ page }) => {
      const email = uniqueEmail('keyboard');
      await page.goto('/app/auth-app');
      const field = page.getByLabel('Email');
      await expect(field).toBeFocused();
      expect(await findings(page, 'sign-in')).toEqual([]);

      const before = await mailbox.count(email);
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      const code = await mailbox.code(email, before);
      await expect(codeBoxes(page).first()).toBeFocused();
      expect(await findings(page, 'sign-in-code')).toEqual([]);

      // The sixth digit sends the code: no click, no Enter needed.
      await page.keyboard.type(code);
      const enter = page.getByRole('button', { name: 'Войти в личный кабинет' });
      await expect(enter).toBeFocused();
      expect(await findings(page, 'sign-in-success')).toEqual([]);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/app\/?$/);
      await expect(page.getByRole('heading', { name: /Здравствуйте/ })).toBeVisible();
    });

    test('a refused code is cleared and the first box focused; six pasted digits send themselves', async ({
      page,
    }) => {
      await page.goto('/app/auth-app');
      const code = await askForCode(page, uniqueEmail('refused'));
      await page.keyboard.type(wrongFor(code));
      await expect(page.getByRole('alert')).toHaveText('Неверный код. Осталось попыток: 4');
      await expect(codeBoxes(page).first()).toBeFocused();
      for (const box of await codeBoxes(page).all()) await expect(box).toHaveValue('');

      await paste(page, `Код: ${code.slice(0, 3)} ${code.slice(3)}`);
      await expect(page.getByText('Авторизация прошла успешно')).toBeVisible();
    });

    test('a reload inside the minute returns to the code step of the same address', async ({ page }) => {
      const email = uniqueEmail('reload');
      await page.goto('/app/auth-app');
      const code = await askForCode(page, email);
      const mails = await mailbox.count(email);

      await page.reload();
      await expect(page.getByText('Введите код полученный в письме')).toBeVisible();
      await expect(page.getByText(email.split('@')[0] ?? email)).toBeVisible();
      await expect(page.getByText('Новый код можно запросить через', { exact: false })).toBeVisible();
      await page.keyboard.type(code);
      await expect(page.getByText('Авторизация прошла успешно')).toBeVisible();
      // Nothing new was mailed.
      expect(await mailbox.count(email)).toBe(mails);
    });

    test("a code already sent is offered: 'У меня уже есть код'", async ({ page, request }) => {
      const email = uniqueEmail('have-code');
      const before = await mailbox.count(email);
      expect((await request.post('/api/v1/auth/login', { data: { loginKey: 'web', email } })).status()).toBe(
        200,
      );
      const code = await mailbox.code(email, before);

      await page.goto('/app/auth-app');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Отправить код' }).click();
      await expect(page.getByRole('alert')).toContainText('Новый код можно запросить через');
      expect(await findings(page, 'sign-in-have-code')).toEqual([]);
      await page.getByRole('button', { name: 'У меня уже есть код' }).click();
      await expect(codeBoxes(page).first()).toBeFocused();
      await page.keyboard.type(code);
      await expect(page.getByText('Авторизация прошла успешно')).toBeVisible();
    });

    test('a code burned by wrong tries is replaced only after the resend minute (decision 0183)', async ({
      page,
    }) => {
      const email = uniqueEmail('burned');
      await page.goto('/app/auth-app');
      const code = await askForCode(page, email);
      const resend = page.getByRole('button', { name: 'Отправить код повторно' });
      await expect(resend).toBeDisabled();
      for (let left = 4; left >= 1; left--) {
        await page.keyboard.type(wrongFor(code));
        await expect(page.getByRole('alert')).toHaveText(`Неверный код. Осталось попыток: ${left}`);
        await expect(codeBoxes(page).first()).toBeFocused();
      }
      await page.keyboard.type(wrongFor(code));
      await expect(page.getByRole('alert')).toHaveText(BURNED);

      // Burned or not, a new code waits for the minute: the countdown goes on and no mail is asked for.
      await expect(resend).toBeDisabled();
      await expect(page.getByText(/^Новый код можно запросить через \d+ с$/)).toBeVisible();
    });

    test("a session ended elsewhere lands on sign-in with 'Сеанс завершён, войдите снова'", async ({
      page,
      request,
    }) => {
      const email = uniqueEmail('ended');
      const token = await apiSignIn(request, email);
      await openAs(page, { id: 0, email, token, name: '' });
      await page.goto('/app/');
      await expect(page.getByRole('heading', { name: /Здравствуйте/ })).toBeVisible();

      // The session ends on the server (another device's 'Выйти').
      const out = await request.post('/api/v1/auth/logout', { headers: { 'X-Session-Id': token } });
      expect(out.status()).toBe(200);
      await page.goto('/app/settings/account');

      await expect(page).toHaveURL(/\/app\/auth-app/);
      await expect(page.getByText('Сеанс завершён, войдите снова')).toBeVisible();
      expect(await findings(page, 'sign-in-session-ended')).toEqual([]);
      // Said once: a later visit to sign-in is quiet.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Отправить код' })).toBeVisible();
      await expect(page.getByText('Сеанс завершён, войдите снова')).toHaveCount(0);
    });
  });
}
