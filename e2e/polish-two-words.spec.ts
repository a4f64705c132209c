import { signInAsAdmin } from './admin-helpers';
import { apiSignIn, expect, test, uniqueEmail } from './support/fixtures';
import { emailBreaks, findings, WIDTHS } from './support/inspect';
import { addMember, call, createAccount, createOrganization, openAs } from './user-helpers';

// Issue 34, rule 13: greet by name, 'Здравствуйте!' and a prompt before one is set (never an e-mail split
// across lines); 'Имя пользователя' on the admins' edit page of another user; counts that agree with
// their number; quotes inside quotes as „…“; the refunds page in plain words.

for (const size of WIDTHS) {
  test.describe(`words at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("'Здравствуйте!' before a name, by name after; counts agree with their number", async ({
      page,
      request,
    }) => {
      const email = `no.name.yet.${Date.now().toString(36)}@very-long-subdomain.example-company.ru`;
      const token = await apiSignIn(request, email);
      await openAs(page, { id: 0, email, token, name: '' });
      await page.goto('/app/');
      await expect(page.getByRole('heading', { name: 'Здравствуйте!', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'указать имя' })).toBeVisible();
      const shown = page.getByTestId('home-greeting-email');
      const breaks = await emailBreaks(shown);
      expect(breaks.bad).toEqual([]);
      expect(breaks.overflows).toBe(false);
      await expect(page.getByText('Тариф «Базовый»: 0 из 1 организации')).toBeVisible();
      expect(await findings(page, 'home-no-name')).toEqual([]);

      const owner = await createAccount(request, uniqueEmail('words-owner'), 'Лев Толстой');
      const member = await createAccount(request, uniqueEmail('words-member'), 'Софья Берс');
      const orgId = await createOrganization(request, owner, 'Ясная Поляна');
      await addMember(request, owner, orgId, member);
      const second = await page.context().browser()?.newContext({ locale: 'ru-RU', viewport: size });
      const memberPage = await second?.newPage();
      if (!memberPage || !second) throw new Error('no browser');
      await openAs(memberPage, member);
      await memberPage.goto(new URL('/app/', page.url()).toString());
      await expect(memberPage.getByRole('heading', { name: 'Здравствуйте, Софья Берс!' })).toBeVisible();
      await memberPage.goto(
        new URL(`/app/dashboard/organizations/${orgId}/collaborators`, page.url()).toString(),
      );
      await expect(memberPage.getByText('2 участника', { exact: true })).toBeVisible();
      await second.close();
    });

    test('quotes inside quotes are „…“', async ({ page, request }) => {
      const owner = await createAccount(request, uniqueEmail('quotes-owner'), 'Нина Кавычкина');
      const invitee = await createAccount(request, uniqueEmail('quotes-invitee'), 'Пётр Приглашённый');
      const orgId = await createOrganization(request, owner, 'Студия «Север»');
      await call(request, owner.token, 'POST', `/api/v1/rest/organizations/${orgId}/invitations`, {
        email: invitee.email,
        type_id: 2,
      });
      await openAs(page, invitee);
      await page.goto('/app/');
      await expect(page.getByText('Приглашение в организацию «Студия „Север“»')).toBeVisible();
    });

    test("the admins' words: 'Имя пользователя', the refunds page in plain words", async ({
      page,
      request,
    }) => {
      const someone = await createAccount(request, uniqueEmail('words-admin-edit'), 'Ирина Редактируемая');
      await signInAsAdmin(page);
      await page.goto(`/app/admin/users/${someone.id}`);
      const name = page.getByLabel('Имя пользователя');
      await expect(name).toHaveValue('Ирина Редактируемая');
      await expect(page.getByPlaceholder('Как к вам обращаться')).toHaveCount(0);
      expect(await findings(page, 'admin-user-name-label')).toEqual([]);

      await page.goto('/app/admin/refunds');
      await expect(
        page.getByText('Оплачено, но тариф не подключён: проверьте и верните деньги', { exact: false }),
      ).toBeVisible();
    });
  });
}
