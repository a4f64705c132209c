import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { addMember, call, createAccount, createOrganization, openAs } from './user-helpers';

// Issue 34, rule 6: the organization page reads in order of use — members and invitations first, the
// settings form with its own 'Сохранить', then 'Опасная зона' with 'Передать организацию' and 'Удалить
// организацию'; a member who is not the owner finds 'Покинуть организацию' there, last. The keyboard meets
// them in that order.

const orgPage = (orgId: number) => `/app/dashboard/organizations/${orgId}/collaborators`;

/** The focused element's name as the keyboard meets it, Tab after Tab, `presses` times. */
async function tabOrder(page: Page, presses: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        const labelled = el.getAttribute('aria-label');
        const byLabel = (el as HTMLInputElement).labels?.[0]?.textContent;
        return (labelled ?? byLabel ?? el.textContent ?? '').trim();
      }),
    );
  }
  return seen;
}

const top = async (page: Page, region: string) =>
  (await page.getByRole('region', { name: region, exact: true }).boundingBox())?.y ?? -1;

for (const size of WIDTHS) {
  test.describe(`the organization page reads in order of use at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('owner: members, invitations, settings, then the danger zone; by keyboard too', async ({
      page,
      request,
    }) => {
      const owner = await createAccount(request, uniqueEmail('order-owner'), 'Олег Порядков');
      const orgId = await createOrganization(request, owner, 'Порядок');
      await openAs(page, owner);
      await page.goto(orgPage(orgId));
      await expect(page.getByRole('region', { name: 'Опасная зона' })).toBeVisible();
      const members = await top(page, 'Управление участниками');
      const invitations = await top(page, 'Приглашения');
      const settings = await top(page, 'Настройки организации');
      const danger = await top(page, 'Опасная зона');
      expect(members).toBeGreaterThan(0);
      expect(invitations).toBeGreaterThan(members);
      expect(settings).toBeGreaterThan(invitations);
      expect(danger).toBeGreaterThan(settings);
      const zone = page.getByRole('region', { name: 'Опасная зона' });
      await expect(zone.getByRole('button', { name: 'Передать организацию' })).toBeVisible();
      await expect(zone.getByRole('button', { name: 'Удалить организацию' })).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: 'Настройки организации' })
          .getByRole('button', { name: 'Сохранить' }),
      ).toBeVisible();
      expect(await findings(page, 'organization-owner')).toEqual([]);

      // The keyboard: from the tab, the e-mail box comes before 'Название', and the danger zone last.
      await page.getByRole('tab', { name: 'Организация' }).focus();
      const order = await tabOrder(page, 40);
      const at = (label: string | RegExp) =>
        order.findIndex((name) => (typeof label === 'string' ? name === label : label.test(name)));
      expect(at(/^Email пользователя/), order.join(' | ')).toBeGreaterThanOrEqual(0);
      expect(at(/^Название/)).toBeGreaterThan(at(/^Email пользователя/));
      expect(at('Передать организацию')).toBeGreaterThan(at(/^Название/));
      expect(at('Удалить организацию')).toBeGreaterThan(at('Передать организацию'));
    });

    test("a member finds 'Покинуть организацию' in the danger zone, after the members", async ({
      page,
      request,
    }) => {
      const owner = await createAccount(request, uniqueEmail('order-owner2'), 'Ольга Порядкова');
      const member = await createAccount(request, uniqueEmail('order-member'), 'Максим Участник');
      const deputy = await createAccount(request, uniqueEmail('order-deputy'), 'Дина Заместитель');
      const orgId = await createOrganization(request, owner, 'Очередь');
      await addMember(request, owner, orgId, member);
      await addMember(request, owner, orgId, deputy);
      await call(request, owner.token, 'PUT', `/api/v1/rest/organizations/update-member-type/${orgId}`, {
        user_id: deputy.id,
        type: 3,
      });

      await openAs(page, member);
      await page.goto(orgPage(orgId));
      const zone = page.getByRole('region', { name: 'Опасная зона' });
      await expect(zone.getByRole('button', { name: 'Покинуть организацию' })).toBeVisible();
      expect(await top(page, 'Опасная зона')).toBeGreaterThan(await top(page, 'Участники'));
      // Nothing but the members stands above it; the keyboard reaches it and its dialog asks first.
      const leave = zone.getByRole('button', { name: 'Покинуть организацию' });
      const box = await leave.boundingBox();
      const table = await page.getByRole('region', { name: 'Участники' }).boundingBox();
      expect(box?.y ?? 0).toBeGreaterThan((table?.y ?? 0) + (table?.height ?? 0));
      await page.getByRole('link', { name: 'Главная' }).last().focus();
      const order = await tabOrder(page, 12);
      const presses = order.indexOf('Покинуть организацию') + 1;
      expect(presses, order.join(' | ')).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Главная' }).last().focus();
      await tabOrder(page, presses);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Покинуть организацию?' })).toBeVisible();
      await page.keyboard.press('Escape');
      expect(await findings(page, 'organization-member')).toEqual([]);

      // An organization admin: the settings, and leaving in the danger zone at the bottom.
      const other = await page.context().browser()?.newContext({ locale: 'ru-RU', viewport: size });
      const deputyPage = await other?.newPage();
      if (!deputyPage || !other) throw new Error('no browser');
      await openAs(deputyPage, deputy);
      await deputyPage.goto(new URL(orgPage(orgId), page.url()).toString());
      const deputyZone = deputyPage.getByRole('region', { name: 'Опасная зона' });
      await expect(deputyZone.getByRole('button', { name: 'Покинуть организацию' })).toBeVisible();
      await expect(deputyZone.getByRole('button', { name: 'Удалить организацию' })).toHaveCount(0);
      expect(await top(deputyPage, 'Опасная зона')).toBeGreaterThan(
        await top(deputyPage, 'Настройки организации'),
      );
      await other.close();
    });
  });
}
