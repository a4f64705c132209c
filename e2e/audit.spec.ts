import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from './admin-helpers';
import { expect, test, uniqueEmail } from './support/fixtures';
import { addMember, call, createAccount, createOrganization, openAs } from './user-helpers';

// The audit log (issue 14): an owner reads the organization's 'Журнал' after adding a member; an admin
// filters /admin/audit, pages with 'Показать ещё' and downloads the CSV of the filter.

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/cabinet-screens';

/** Full-page screenshots at 1440 and 390 px, for a person to look at. */
async function screenshots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [label, width, height] of [
    ['desktop', 1440, 900],
    ['mobile', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${label}-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('audit log', () => {
  test("an owner reads the organization's 'Журнал' after adding a member", async ({ page, request }) => {
    const owner = await createAccount(request, uniqueEmail('audit-owner'), 'Ольга Журналова');
    const guest = await createAccount(request, uniqueEmail('audit-guest'), 'Гена Гость');
    const orgId = await createOrganization(request, owner, 'Отдел журнала');
    await openAs(page, owner);
    await page.goto(`/app/dashboard/organizations/${orgId}/collaborators?orgName=Отдел журнала`);

    // 'Журнал' is a tab of the page, beside 'Настройки'.
    await page.getByRole('tab', { name: 'Журнал' }).click();
    const journal = page.getByRole('region', { name: 'Журнал' });
    const table = journal.getByRole('table', { name: 'События журнала' });
    await expect(table.getByRole('row').nth(1)).toContainText('Организация создана');
    await expect(table.getByText('Участник добавлен')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Организация' }).click();
    await page.getByPlaceholder('Введите Email пользователя для отправки приглашения').fill(guest.email);
    await page.getByRole('button', { name: 'Добавить пользователя' }).click();
    await expect(page.getByText('Пользователь Гена Гость добавлен в организацию')).toBeVisible();

    // Back in 'Журнал', without a reload: the change, newest first, in words, with who did it.
    await page.getByRole('tab', { name: 'Журнал' }).click();
    const newest = table.getByRole('row').nth(1);
    await expect(newest).toContainText('Участник добавлен');
    await expect(newest).toContainText(`Гена Гость (${guest.email})`);
    await expect(newest).toContainText('Ольга Журналова');
    await expect(newest).toContainText(owner.email);
    await expect(table.getByRole('row').nth(2)).toContainText('Организация создана');
    await screenshots(page, 'organization-journal');

    // A member sees no 'Журнал'; the server refuses them too.
    const memberPage = await page.context().browser()?.newPage();
    if (!memberPage) throw new Error('no page');
    await openAs(memberPage, guest);
    await memberPage.goto(`/app/dashboard/organizations/${orgId}/collaborators?orgName=Отдел журнала`);
    await expect(memberPage.getByRole('button', { name: 'Покинуть организацию' })).toBeVisible();
    await expect(memberPage.getByRole('tab', { name: 'Журнал' })).toHaveCount(0);
    await expect(memberPage.getByRole('region', { name: 'Журнал' })).toHaveCount(0);
    await memberPage.close();
    const refused = await request.get(`/api/v1/rest/organizations/${orgId}/audit`, {
      headers: { 'X-Session-Id': guest.token },
    });
    expect(refused.status()).toBe(403);
  });

  test('an admin filters /admin/audit, shows more and downloads the CSV', async ({ page, request }) => {
    test.slow();
    const owner = await createAccount(request, uniqueEmail('audit-admin-owner'), 'Пётр Проверкин');
    const member = await createAccount(request, uniqueEmail('audit-admin-member'), 'Мария Участница');
    const orgId = await createOrganization(request, owner, 'Аудит 0');
    await addMember(request, owner, orgId, member);
    // 24 renames: more than a page of this organization's events.
    for (let i = 1; i <= 24; i++) {
      await call(request, owner.token, 'PUT', `/api/v1/rest/organizations/${orgId}`, {
        name: `Аудит ${i}`,
        type: 2,
      });
    }
    await signInAsAdmin(page);
    await page.goto('/app/admin/main');
    await page.getByRole('link', { name: 'К журналу' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Журнал', level: 1 })).toBeVisible();

    const filters = page.getByRole('form', { name: 'Фильтры журнала' });
    await filters.getByLabel('Организация').fill(String(orgId));
    await filters.getByRole('button', { name: 'Применить' }).click();
    const table = page.getByRole('table', { name: 'События журнала' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(table.getByRole('row').nth(1)).toContainText('«Аудит 24»');
    await expect(table.getByRole('row').nth(1)).toContainText('название: Аудит 23 → Аудит 24');
    await page.getByRole('button', { name: 'Показать ещё' }).click();
    // 24 renames, the member and the creation.
    await expect(table.getByRole('row')).toHaveCount(27);
    await expect(page.getByRole('button', { name: 'Показать ещё' })).toHaveCount(0);

    // Who and what: the owner's added member, by e-mail.
    await filters.getByLabel('Кто').fill(owner.email);
    await filters.getByRole('combobox', { name: 'Действие' }).fill('Участник доб');
    await page.getByRole('option', { name: 'Участник добавлен' }).click();
    await filters.getByRole('button', { name: 'Применить' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(`Мария Участница (${member.email})`);

    // A date range that ends before today finds nothing.
    await filters.getByLabel('По', { exact: true }).fill('2020-01-31');
    await filters.getByRole('button', { name: 'Применить' }).click();
    await expect(page.getByText('Нет данных')).toBeVisible();
    await expect(page.getByText('Ничего не найдено: измените или сбросьте фильтры')).toBeVisible();
    await filters.getByLabel('По', { exact: true }).fill('');
    await filters.getByRole('button', { name: 'Применить' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await screenshots(page, 'admin-audit');

    const downloading = page.waitForEvent('download');
    await filters.getByRole('button', { name: 'Скачать CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'id,at,actor_id,actor_name,actor_email,action,action_name,target_type,target_id,organization_id,ip,details',
    );
    // The filter in force: this one event.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,${owner.id},Пётр Проверкин,${owner.email},member.added,Участник добавлен,user,${member.id},${orgId},`,
    );
  });
});
