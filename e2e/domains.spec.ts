import { DnsServer } from '../apps/api/test/dns-server';
import { expect, stack, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { dnsPort } from './support/stack';
import { createAccount, createOrganization, openAs } from './user-helpers';

// Issue 30, verified domains: the owner adds a domain on the organization page, is told under the field
// what is wrong with a public one, copies the TXT record, presses 'Проверить' before and after publishing
// it, and removes the domain after a confirmation. The server asks a real DNS server started here, on the
// port the stack's DNS_SERVERS names (support/stack.ts dnsPort).

const dns = new DnsServer();
test.beforeAll(async () => {
  await dns.start(dnsPort(Number(new URL(stack().baseURL).port)));
});
test.afterAll(async () => {
  await dns.stop();
});

const orgPage = (orgId: number) => `/app/dashboard/organizations/${orgId}/collaborators`;

for (const size of WIDTHS) {
  test.describe(`verified domains at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("add a domain, publish its TXT record, 'Проверить', then remove it", async ({
      page,
      request,
      context,
    }) => {
      // Two accessibility passes and three DNS checks: more than a minute on a busy machine.
      test.slow();
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const owner = await createAccount(request, uniqueEmail('domains-owner'), 'Дарья Доменова');
      const orgId = await createOrganization(request, owner, 'Домены и Ко');
      const domain = `corp-${size.name}-${Date.now().toString(36)}.example`;
      await openAs(page, owner);
      await page.goto(orgPage(orgId));

      const section = page.getByRole('region', { name: 'Домены', exact: true });
      await expect(section.getByText('Нет данных')).toBeVisible();
      const field = section.getByLabel('Домен', { exact: true });

      // A public mail domain: the field says why, nothing is added.
      await field.fill('gmail.com');
      await section.getByRole('button', { name: 'Добавить домен' }).click();
      await expect(section.getByText(/Домен общедоступной почты/)).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');

      await field.fill(domain.toUpperCase());
      await field.press('Enter');
      const card = section.getByRole('listitem', { name: domain });
      await expect(card.getByText('Не подтверждён')).toBeVisible();
      await expect(field).toHaveValue('');
      const name = `_cabinet-challenge.${domain}`;
      await expect(card.getByText(name, { exact: true })).toBeVisible();
      const value = (await card.getByText(/^cabinet-verification=/).textContent()) ?? '';
      expect(value).toMatch(/^cabinet-verification=[A-Za-z0-9_-]{32}$/);
      await card.getByRole('button', { name: /^Копировать значение записи/ }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
      expect(await findings(page, `domains-pending-${size.name}`)).toEqual([]);

      // Not published yet: the outcome stays beside the domain.
      await card.getByRole('button', { name: `Проверить домен ${domain}` }).click();
      await expect(card.getByRole('alert')).toContainText(`Запись TXT ${name} не найдена`);

      dns.setTxt(name, value);
      await card.getByRole('button', { name: `Проверить домен ${domain}` }).click();
      await expect(card.getByText('Подтверждён', { exact: true })).toBeVisible();
      await expect(card.getByRole('alert')).toHaveCount(0);
      await expect(card.getByText(/Запись TXT можно удалить/)).toBeVisible();
      expect(await findings(page, `domains-verified-${size.name}`)).toEqual([]);

      await card.getByRole('button', { name: `Удалить домен ${domain}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Удалить домен?' });
      await expect(dialog).toContainText('перестанет быть подтверждённым');
      await dialog.getByRole('button', { name: 'Удалить домен' }).click();
      await expect(card).toHaveCount(0);
      await expect(section.getByText('Нет данных')).toBeVisible();
    });
  });
}
