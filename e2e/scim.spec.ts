import { expect, test, uniqueEmail } from './support/fixtures';
import { findings } from './support/inspect';
import { sql } from './support/sql';
import { buyPlan, createAccount, createOrganization, openAs } from './user-helpers';

// Issue 30, SCIM: the owner of an organization on 'Корп' makes the SCIM token in the organization's settings,
// copies it from the dialog that shows it once, and a directory (this test, through Playwright's request)
// provisions a member of the organization's verified domain with it; the section then shows its last use.

const CORP_PLAN_ID = 3;
const SCIM_JSON = 'application/scim+json';

test.describe('SCIM', () => {
  test('the token is made in the settings and provisions members at /scim/v2', async ({ page, request }) => {
    const domain = `scim-${Date.now().toString(36)}.ru`;
    const owner = await createAccount(request, uniqueEmail('scim-owner'), 'Ольга Каталогова');
    await buyPlan(request, owner, CORP_PLAN_ID);
    const orgId = await createOrganization(request, owner, 'Каталог');
    // Verified domains have their own section (another part of issue 30): the proven row, as 'Проверить' leaves it.
    await sql(
      `INSERT INTO organization_domains (organization_id, domain, token, verified_at) VALUES ($1, $2, 'e2e', now())`,
      [orgId, domain],
    );

    await openAs(page, owner);
    await page.goto(`/app/dashboard/organizations/${orgId}/collaborators`);
    const section = page.getByRole('region', { name: 'SCIM', exact: true });
    await expect(section.getByLabel('Адрес SCIM (Base URL)')).toHaveValue(/\/scim\/v2$/);
    await expect(section.getByText('Токена ещё нет')).toBeVisible();
    await section.getByRole('button', { name: 'Создать токен' }).click();

    const dialog = page.getByRole('dialog', { name: 'Токен SCIM создан' });
    const token = (await dialog.getByLabel('Токен SCIM', { exact: true }).textContent())?.trim() ?? '';
    expect(token).toMatch(/^cab_scim_[0-9A-Za-z]{40}$/);
    expect(await findings(page, 'organization-scim-token')).toEqual([]);
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await expect(section.getByText(`${token.slice(0, 13)}…`)).toBeVisible();
    await expect(section.getByText(/ещё не использовался/)).toBeVisible();

    const headers = { authorization: `Bearer ${token}`, 'content-type': SCIM_JSON };
    const created = await request.post('/scim/v2/Users', {
      headers,
      data: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: `ivan@${domain}`,
        name: { givenName: 'Иван', familyName: 'Петров' },
        active: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    expect(created.headers()['content-type']).toContain(SCIM_JSON);
    const filter = encodeURIComponent(`userName eq "ivan@${domain}"`);
    const found = await request.get(`/scim/v2/Users?filter=${filter}`, { headers });
    expect(found.status()).toBe(200);
    expect(await found.json()).toMatchObject({
      totalResults: 1,
      Resources: [{ displayName: 'Иван Петров' }],
    });
    const wrong = await request.get('/scim/v2/Users', {
      headers: { authorization: 'Bearer cab_scim_wrong' },
    });
    expect(wrong.status()).toBe(401);
    expect(await wrong.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '401',
    });

    // The member is on the page, and the section shows the token's last use; replacing asks first.
    await page.reload();
    await expect(page.getByText('Иван Петров').filter({ visible: true }).first()).toBeVisible();
    await expect(section.getByText(/последний запрос/)).toBeVisible();
    await section.getByRole('button', { name: 'Заменить токен' }).click();
    const confirm = page.getByRole('dialog', { name: 'Заменить токен SCIM?' });
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    await expect(confirm).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    expect(await findings(page, 'organization-scim')).toEqual([]);
  });
});
