import type { Browser, Page } from '@playwright/test';
import { expect, mailbox, test, uniqueEmail } from './support/fixtures';
import { emailBreaks, findings, focusRingsMissing, WIDTHS } from './support/inspect';
import { outage } from './support/outage';
import {
  type Account,
  addMember,
  call,
  createAccount,
  createOrganization,
  openAs,
  PHONE,
  signInElsewhere,
} from './user-helpers';

// Issue 16 on the screens issues 13 (teams) and 14 (Безопасность, 'Журнал') added, at 1440 and 390 px,
// with axe on every screen a flow opens: an organization admin's way in, the empty and failed lists, the
// buttons that cannot act saying why, and long e-mails wrapping at their sensible points.

/** An address long enough to need two lines on a phone. */
const longEmail = (label: string) =>
  `${label}.konstantinopolsky.${Date.now().toString(36)}@very-long-subdomain.example-company.ru`;

const orgPage = (orgId: number) => `/app/dashboard/organizations/${orgId}/collaborators`;

for (const size of WIDTHS) {
  test.describe(`teams and security at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    /** A browser of its own for `account`, at this width. */
    async function pageOf(browser: Browser, baseURL: string | undefined, account: Account): Promise<Page> {
      const context = await browser.newContext({ baseURL, locale: 'ru-RU', viewport: size });
      const other = await context.newPage();
      await openAs(other, account);
      return other;
    }

    test("an organization admin gets the settings gear, a member 'Открыть'; invitations: the next step, long addresses", async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.slow();
      const owner = await createAccount(request, uniqueEmail('gear-owner'), 'Ольга Владелец');
      const deputy = await createAccount(request, uniqueEmail('gear-admin'), 'Дмитрий Заместитель');
      const member = await createAccount(request, uniqueEmail('gear-member'), 'Мария Участница');
      const orgId = await createOrganization(request, owner, 'Шестерёнки');
      await addMember(request, owner, orgId, deputy);
      await addMember(request, owner, orgId, member);
      await call(request, owner.token, 'PUT', `/api/v1/rest/organizations/update-member-type/${orgId}`, {
        user_id: deputy.id,
        type: 3,
      });

      // The organization admin manages it: the gear, and 'Вы администратор' under its name.
      const deputyPage = await pageOf(browser, baseURL, deputy);
      await deputyPage.goto('/app/');
      const deputyList = deputyPage.getByRole(size.width < 720 ? 'list' : 'table', {
        name: 'Ваши организации',
      });
      await expect(deputyList.getByRole('link', { name: 'Настройки организации Шестерёнки' })).toBeVisible();
      await expect(deputyList.getByText('Вы администратор')).toBeVisible();
      expect(await findings(deputyPage, 'home-organization-admin')).toEqual([]);
      await deputyPage.context().close();

      // A member only views it.
      const memberPage = await pageOf(browser, baseURL, member);
      await memberPage.goto('/app/');
      const memberList = memberPage.getByRole(size.width < 720 ? 'list' : 'table', {
        name: 'Ваши организации',
      });
      await expect(memberList.getByRole('link', { name: 'Открыть организацию Шестерёнки' })).toBeVisible();
      await expect(memberList.getByRole('link', { name: /Настройки организации/ })).toHaveCount(0);
      await memberPage.context().close();

      // No invitation yet: 'Нет данных' and where to invite from.
      await openAs(page, owner);
      await page.goto(orgPage(orgId));
      const invitations = page.getByRole('region', { name: 'Приглашения' });
      await expect(invitations.getByText('Нет данных').filter({ visible: true })).toBeVisible();
      await expect(
        invitations
          .getByText('Пригласите участника: введите его эл. почту в «Управлении участниками»')
          .filter({ visible: true }),
      ).toBeVisible();

      // A long invited address wraps after '@' or before a dot, in the list and on the link's screen.
      const invited = longEmail('invited');
      const before = await mailbox.count(invited);
      await call(request, owner.token, 'POST', `/api/v1/rest/organizations/${orgId}/invitations`, {
        email: invited,
        type_id: 2,
      });
      await page.reload();
      const shown = invitations.getByText(invited).filter({ visible: true }).first();
      await expect(shown).toBeVisible();
      expect(await emailBreaks(shown)).toEqual({ bad: [], overflows: false });
      expect(await findings(page, 'team-invitations-long-address')).toEqual([]);

      const link = (await mailbox.text(invited, before)).match(/https?:\/\/\S+\/app\/invite\/\S+/)?.[0] ?? '';
      await page.goto(link);
      await expect(page.getByText('Приглашение отправлено на другой адрес')).toBeVisible();
      const addressed = page.getByText(invited).filter({ visible: true }).first();
      expect(await emailBreaks(addressed)).toEqual({ bad: [], overflows: false });
      expect(await findings(page, 'invite-other-address-long')).toEqual([]);
    });

    test("a transfer that waits: 'Передать организацию' says why it cannot act", async ({
      page,
      request,
    }) => {
      const owner = await createAccount(request, uniqueEmail('transfer-owner'), 'Павел Передающий');
      const heir = await createAccount(request, uniqueEmail('transfer-heir'), 'Нина Наследница');
      const orgId = await createOrganization(request, owner, 'Передаваемая');
      await addMember(request, owner, orgId, heir);
      await openAs(page, owner);
      await page.goto(orgPage(orgId));

      // Nobody chosen yet: the dialog's button says what is missing.
      await page.getByRole('button', { name: 'Передать организацию' }).click();
      const dialog = page.getByRole('dialog', { name: 'Передать организацию' });
      const offer = dialog.getByRole('button', { name: 'Передать организацию' });
      await expect(offer).toBeDisabled();
      // By keyboard, from 'Отмена' (where the dialog puts the focus): the reason shows on focus.
      await expect(dialog.getByRole('button', { name: 'Отмена' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(offer).toBeFocused();
      await expect(page.getByRole('tooltip')).toHaveText('Выберите нового владельца');
      expect(await findings(page, 'transfer-dialog-nobody-chosen')).toEqual([]);
      await dialog.getByRole('button', { name: 'Отмена' }).click();

      await call(request, owner.token, 'POST', `/api/v1/rest/organizations/${orgId}/transfer`, {
        user_id: heir.id,
      });
      await page.reload();
      await expect(page.getByText('Передача организации ожидает ответа')).toBeVisible();
      const transfer = page.getByRole('button', { name: 'Передать организацию' });
      await expect(transfer).toBeDisabled();
      await transfer.focus();
      await expect(page.getByRole('tooltip')).toContainText('Передача уже ожидает ответа');
      // Pressed anyway (Playwright waits for an enabled button unless forced): nothing opens.
      await transfer.click({ force: true });
      await expect(page.getByRole('dialog', { name: 'Передать организацию' })).toHaveCount(0);
      expect(await findings(page, 'transfer-waiting')).toEqual([]);
    });

    test("'Безопасность' and 'Журнал': a failed list says so once, with 'Повторить'", async ({
      page,
      request,
      consoleErrors,
    }) => {
      test.slow();
      const account = await createAccount(request, uniqueEmail('security-outage'), 'Сергей Сбоев');
      const orgId = await createOrganization(request, account, 'Журнал сбоя');
      await signInElsewhere(request, account.token, [PHONE]);
      await openAs(page, account);

      const endSessions = await outage(page, '**/api/v1/rest/profile/sessions?**', consoleErrors);
      const endPasskeys = await outage(page, '**/api/v1/rest/profile/passkeys?**', consoleErrors);
      await page.goto('/app/settings/security');
      const sessions = page.getByRole('region', { name: 'Устройства и сеансы' });
      const passkeys = page.getByRole('region', { name: 'Ключи доступа' });
      for (const [panel, text] of [
        [sessions, 'Не удалось получить список сеансов'],
        [passkeys, 'Не удалось получить список ключей доступа'],
      ] as const) {
        const failed = panel.getByRole('alert');
        await expect(failed).toContainText(text, { timeout: 20_000 });
        await expect(failed).toContainText('Сервис временно недоступен, попробуйте позже');
        await expect(page.getByText(text)).toHaveCount(1);
      }
      await expect(page.getByText('Нет данных')).toHaveCount(0);
      // Without the list, there is nothing to end elsewhere yet: the button says so.
      const others = sessions.getByRole('button', { name: 'Выйти на всех других устройствах' });
      await expect(others).toBeDisabled();
      expect(await findings(page, 'security-failed')).toEqual([]);

      await endSessions();
      await endPasskeys();
      await sessions.getByRole('button', { name: 'Повторить' }).click();
      await expect(sessions.getByText('Это устройство')).toBeVisible();
      await expect(others).toBeEnabled();
      await passkeys.getByRole('button', { name: 'Повторить' }).click();
      await expect(passkeys.getByText('Телефон')).toBeVisible();
      // Every control of the screen, by keyboard, shows its ring.
      expect(await focusRingsMissing(page, 14)).toEqual([]);

      // The organization's 'Журнал' tab, failed and retried.
      const endAudit = await outage(page, `**/api/v1/rest/organizations/${orgId}/audit?**`, consoleErrors);
      await page.goto(orgPage(orgId));
      await page.getByRole('tab', { name: 'Журнал' }).click();
      const journal = page.getByRole('region', { name: 'Журнал' });
      await expect(journal.getByRole('alert')).toContainText('Не удалось получить журнал', {
        timeout: 20_000,
      });
      await expect(page.getByText('Не удалось получить журнал')).toHaveCount(1);
      expect(await findings(page, 'organization-journal-failed')).toEqual([]);
      await endAudit();
      await journal.getByRole('button', { name: 'Повторить' }).click();
      await expect(journal.getByText('Организация создана').filter({ visible: true }).first()).toBeVisible();
    });
  });
}
