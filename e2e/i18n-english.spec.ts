import type { Page } from '@playwright/test';
import { adminToken } from './admin-helpers';
import { expect, mailbox, test, uniqueEmail } from './support/fixtures';
import { findings } from './support/inspect';
import { call, createAccount, openAs } from './user-helpers';

// The cabinet in English (issue 32, decisions 0301–0307): the sign-in screen's switch, the signed-in
// screens in English with no Cyrillic outside user data and dates in English, and the profile's
// 'Язык / Language' saving the account's language. The config's browser says ru-RU; English is chosen.

const CYRILLIC = /[\u0400-\u04FF]/;
/** The language choice's own words, the same in every language (decision 0301). */
const LANGUAGE_WORDS = ['Язык / Language', 'Русский'];

/** Every text and spoken attribute on the page that holds Cyrillic, user data and language names aside. */
async function cyrillicOnPage(page: Page, userData: string[] = []): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest('script, style')) texts.push(node.textContent ?? '');
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
  const allowed = [...userData, ...LANGUAGE_WORDS];
  return found.filter((text) =>
    CYRILLIC.test(allowed.reduce((rest, word) => rest.split(word).join(''), text)),
  );
}

test('in English: the sign-in switch, home and Security, and the profile saves the account language', async ({
  page,
}) => {
  const email = uniqueEmail('english');
  await page.goto('/app/auth-app');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { name: 'Вход в личный кабинет' })).toBeVisible();

  // The switch: RU / EN, kept for the next visit.
  const languages = page.getByRole('group', { name: 'Язык / Language' });
  await languages.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await cyrillicOnPage(page)).toEqual([]);

  // The code request names the chosen language; the page's calls say it in Accept-Language.
  await page.getByLabel('Email').fill(email);
  const before = await mailbox.count(email);
  const request = page.waitForRequest((req) => req.url().endsWith('/api/v1/auth/login'));
  await page.getByRole('button', { name: 'Send code' }).click();
  const sent = await request;
  expect(sent.postDataJSON()).toMatchObject({ email, locale: 'en' });
  expect(await sent.headerValue('accept-language')).toBe('en');
  const code = await mailbox.code(email, before);
  await expect(page.getByText('Enter the code from the email')).toBeVisible();
  await page.keyboard.type(code);
  await expect(page.getByText('You are signed in')).toBeVisible();
  await page.getByRole('button', { name: 'Go to your account' }).click();

  // Home, in English (the account's language, once the API keeps it, is the one chosen at sign-in). The
  // plan's name is data an admin typed: it stays as written.
  await expect(page).toHaveURL(/\/app\/?$/);
  await expect(page.getByRole('link', { name: 'Account — home' })).toBeVisible();
  const token = (await page.evaluate(() => window.localStorage.getItem('cabinet.accessToken'))) ?? '';
  const profileMe = () => page.request.get('/api/v1/rest/profile/me', { headers: { 'X-Session-Id': token } });
  const userData = [email, (await (await profileMe()).json()).data.subscribe.name as string];
  expect(await cyrillicOnPage(page, userData)).toEqual([]);

  // 'Security' ('Безопасность'): this device's session, with its dates in English.
  await page
    .getByRole('button', { name: /Profile menu/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions.first()).toContainText('This device');
  const month = new Intl.DateTimeFormat('en', { month: 'short' }).format(new Date());
  await expect(sessions.first()).toContainText(
    new RegExp(`signed in ${month} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}`),
  );
  expect(await cyrillicOnPage(page, userData)).toEqual([]);
  expect(await findings(page, 'security-en')).toEqual([]);

  // The profile's 'Язык / Language': Russian, then English again, each saved as the account's language.
  await page
    .getByRole('button', { name: /Profile menu/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Profile settings' }).click();
  const language = page.getByRole('radiogroup', { name: 'Язык / Language' });
  await expect(language.getByRole('radio', { name: 'English' })).toBeChecked();
  const toRussian = page.waitForResponse((res) => res.url().includes('/profile/update/'));
  await language.getByText('Русский').click();
  expect((await toRussian).request().postDataJSON()).toEqual({ locale: 'ru' });
  await expect(page.getByRole('heading', { name: 'Настройки профиля', level: 1 })).toBeVisible();
  const toEnglish = page.waitForResponse((res) => res.url().includes('/profile/update/'));
  await language.getByText('English').click();
  expect((await toEnglish).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Profile settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Language saved')).toBeVisible();

  // The account keeps it: profile/me says 'en' (the API's part of issue 32), and a new visit is English.
  expect((await (await profileMe()).json()).data.locale).toBe('en');
  await page.evaluate(() => window.localStorage.removeItem('cabinet.locale'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile settings', level: 1 })).toBeVisible();
});

test('?lang=en opens any page in English for that page only', async ({ page }) => {
  await page.goto('/app/auth-app?lang=en');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await cyrillicOnPage(page)).toEqual([]);
  await page.goto('/app/auth-app');
  await expect(page.getByRole('heading', { name: 'Вход в личный кабинет' })).toBeVisible();
});

// Issue 32's "done when": an English account creates an organization, invites, checks out in test mode;
// an English admin reads the users list and revenue. No Cyrillic outside user data, plurals and dates in
// English. Names here are Latin, so whatever Russian shows is the cabinet's.
test('in English: create an organization, invite, check out in test mode; the admin reads users and revenue', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, uniqueEmail('english-owner'), 'Erin English');
  await call(request, owner.token, 'PUT', `/api/v1/rest/profile/update/${owner.id}`, { locale: 'en' });
  await openAs(page, owner);
  // The plans' names and descriptions are data an admin writes (the seeded ones are Russian).
  const plans = (await call(request, owner.token, 'GET', '/api/v1/rest/subscribes?perPage=100'))
    .data as Array<{
    name: string;
    description: string | null;
  }>;
  const userData = [owner.email, owner.name, ...plans.flatMap((plan) => [plan.name, plan.description ?? ''])];

  // Create an organization.
  await page.goto('/app/');
  await page.getByRole('link', { name: 'Add new' }).click();
  await expect(page.getByRole('heading', { name: 'New organization', level: 1 })).toBeVisible();
  expect(await cyrillicOnPage(page, userData)).toEqual([]);
  await page.getByRole('textbox', { name: /Name/ }).first().fill('Northwind');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { name: 'Organization Northwind', level: 1 })).toBeVisible();

  // Invite someone without an account (an invitation, in English, with its date) and add a colleague who
  // has one (a member at once: two members).
  const invitee = uniqueEmail('english-invitee');
  const colleague = await createAccount(request, uniqueEmail('english-colleague'), 'Carl Colleague');
  for (const email of [invitee, colleague.email]) {
    await page.getByPlaceholder('Enter the email of the person to invite').fill(email);
    await page.getByRole('button', { name: 'Add user' }).click();
  }
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(invitations.getByRole('row', { name: new RegExp(invitee) })).toBeVisible();
  await expect(page.getByRole('row', { name: /Carl Colleague/ })).toBeVisible();
  userData.push('Northwind', invitee, colleague.email, colleague.name);
  expect(await cyrillicOnPage(page, userData)).toEqual([]);

  // Home: the organization's row says its member count in English ('2 of 4 members': a seat is held for
  // the pending invitation) and its type by the type's English name.
  await page.goto('/app/');
  const row = page.getByRole('row', { name: /Northwind/ });
  await expect(row.getByText(/^2 of \d+ members$/)).toBeVisible();
  await expect(row.getByText('Team', { exact: true })).toBeVisible();
  expect(await cyrillicOnPage(page, userData)).toEqual([]);

  // Check out in test mode: the plans, the checkout and the test payment page, all in English.
  await page.goto('/app/subscription');
  await expect(page.getByText('Test mode').first()).toBeVisible();
  expect(await cyrillicOnPage(page, userData)).toEqual([]);
  await page
    .getByRole('button', { name: /Upgrade to/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  expect(await cyrillicOnPage(page, userData)).toEqual([]);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('button', { name: /Pay/ }).first().click();
  await expect(page.getByText('Your plan').first()).toBeVisible();
  expect(await cyrillicOnPage(page, userData)).toEqual([]);

  // The admin, in English: the users list and revenue. The e2e stack's one admin is shared with the other
  // flows running beside this one, so its account keeps Russian and the pages ask for English (`?lang=en`).
  const admin = await adminToken(request);
  const me = (await call(request, admin, 'GET', '/api/v1/rest/profile/me')).data as { name: string | null };
  const adminPage = await page
    .context()
    .browser()
    ?.newPage({ baseURL: new URL(page.url()).origin });
  if (!adminPage) throw new Error('no browser for the admin');
  await adminPage.addInitScript((token) => {
    window.localStorage.setItem('cabinet.accessToken', token);
    window.localStorage.setItem('cabinet.isAuthenticated', 'true');
  }, admin);
  if (me.name) userData.push(me.name);
  // Narrowed to the owner (other flows' people have Russian names, which are theirs to have).
  await adminPage.goto(`/app/admin/users?search=${encodeURIComponent(owner.email)}&lang=en`);
  await expect(adminPage.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const ownerRow = adminPage.getByRole('row', { name: new RegExp(owner.name) });
  await expect(ownerRow).toBeVisible();
  await expect(ownerRow.getByText('User', { exact: true })).toBeVisible();
  expect(await cyrillicOnPage(adminPage, userData)).toEqual([]);
  await adminPage.goto('/app/admin/main?lang=en');
  await expect(adminPage.getByText('Revenue').first()).toBeVisible();
  expect(await cyrillicOnPage(adminPage, userData)).toEqual([]);
  await adminPage.close();
});
