import { TestOidcProvider } from '../apps/api/test/oidc-provider';
import { expect, stack, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { sql } from './support/sql';
import { call, createAccount, createOrganization, openAs } from './user-helpers';

// Issue 30, single sign-on in a browser against a real OpenID Connect provider (oidc-provider, its own
// login page): the owner sets the connection up and tests it on the organization's page; then an address of
// the verified domain signs in through 'Войти через …' and lands in the cabinet as a member.

let idp: TestOidcProvider;
test.beforeAll(async () => {
  idp = new TestOidcProvider([`${stack().baseURL}/api/v1/auth/sso/callback`]);
  await idp.start();
});
test.afterAll(() => idp?.stop());

/** The provider's development page asks Google for a font; this machine has no way out (nor needs one). */
const noOutsideFonts = (page: import('@playwright/test').Page) =>
  page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );

/** The provider's development login page: any login (here the address to sign in as), any password. */
async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('an address of a verified domain signs in through its organization’s provider and lands as a member', async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = await createAccount(page.request, uniqueEmail('sso-owner'), 'Ольга Владелец');
  // 'Корп' has 'Единый вход (SSO) и SCIM'; the domain's proof is the domains part's, set here directly.
  await sql('UPDATE users SET plan_id = 3, plan_expires_at = NULL WHERE id = $1', [owner.id]);
  const orgId = await createOrganization(page.request, owner, 'Акме');
  const domain = `acme-${Date.now().toString(36)}.test`;
  await sql(
    `INSERT INTO organization_domains (organization_id, domain, token, verified_at) VALUES ($1, $2, 'e2e', now())`,
    [orgId, domain],
  );
  await call(page.request, owner.token, 'PUT', `/api/v1/rest/organizations/${orgId}/sso`, {
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    display_name: 'Акме ID',
    enabled: false,
    enforce: false,
    default_type_id: 2,
  });

  // The owner tests the connection on the organization's page, then turns the sign-in on.
  await openAs(page, owner);
  await noOutsideFonts(page);
  await page.goto(`/app/dashboard/organizations/${orgId}/collaborators`);
  const section = page.getByRole('region', { name: 'Единый вход (SSO)' });
  await expect(section.getByLabel('Адрес возврата (redirect URI)')).toHaveValue(
    `${stack().baseURL}/api/v1/auth/sso/callback`,
  );
  await section.getByRole('button', { name: 'Проверить подключение' }).click();
  await signInAtProvider(page, `admin@${domain}`);
  await expect(page.getByText('Проверка прошла')).toBeVisible();
  await expect(page).not.toHaveURL(/#/);
  await section.getByRole('switch', { name: /^Вход через SSO включён/ }).check();
  await section.getByRole('button', { name: 'Сохранить настройки SSO' }).click();
  await expect(page.getByText('Настройки единого входа сохранены')).toBeVisible();
  await expect(section.getByText('Включён', { exact: true })).toBeVisible();
  expect(await findings(page, 'organization-sso')).toEqual([]);

  // A newcomer of the domain, in a browser of their own.
  const context = await browser.newContext({ baseURL: stack().baseURL, locale: 'ru-RU' });
  const visitor = await context.newPage();
  await noOutsideFonts(visitor);
  const email = `ivan.${Date.now().toString(36)}@${domain}`;
  await visitor.goto('/app/auth-app');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Отправить код' }).click();
  const offer = visitor.getByRole('link', { name: 'Войти через Акме ID' });
  await expect(offer).toBeVisible();
  // The code stays available (the organization does not enforce SSO).
  await expect(visitor.getByRole('button', { name: 'Отправить код' })).toBeVisible();
  expect(await findings(visitor, 'sign-in-sso-offer')).toEqual([]);
  await offer.click();
  await signInAtProvider(visitor, email);

  await expect(visitor).toHaveURL(`${stack().baseURL}/app/`);
  await expect(visitor.getByText('Акме').first()).toBeVisible();
  const token = await visitor.evaluate(() => window.localStorage.getItem('cabinet.accessToken'));
  const me = await call(visitor.request, token ?? '', 'GET', '/api/v1/rest/profile/me');
  const profile = me.data as { email: string; org_members: { organization_id: number; type_id: number }[] };
  expect(profile.email).toBe(email);
  expect(profile.org_members).toEqual([expect.objectContaining({ organization_id: orgId, type_id: 2 })]);
  const [session] = await sql(
    'SELECT method FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
    [email],
  );
  expect(session?.method).toBe('sso');
  await context.close();
});

for (const size of WIDTHS) {
  test(`the refusal page at ${size.width} px says why in Russian and leads back to sign-in`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/app/auth-app/sso#error=denied');
    await expect(page.getByRole('heading', { name: 'Не удалось войти' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Вход отменён на странице поставщика входа.');
    expect(await findings(page, `sso-refusal-${size.name}`)).toEqual([]);
    await page.getByRole('link', { name: 'Вернуться ко входу' }).click();
    await expect(page.getByRole('button', { name: 'Отправить код' })).toBeVisible();
  });
}
