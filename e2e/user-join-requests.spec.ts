import { expect, test, uniqueEmail } from './support/fixtures';
import { addMember, call, createAccount, createOrganization, openAs } from './user-helpers';

test.describe('join requests', () => {
  test('the owner accepts one request and rejects another on the home screen', async ({ page, request }) => {
    const owner = await createAccount(request, uniqueEmail('boss'), 'Босс');
    const member = await createAccount(request, uniqueEmail('inside'), 'Инна Внутри');
    const wanted = await createAccount(request, uniqueEmail('wanted'), 'Желанный Гость');
    const unwanted = await createAccount(request, uniqueEmail('unwanted'), 'Незваный Гость');
    const orgId = await createOrganization(request, owner, 'Клуб по интересам');
    await addMember(request, owner, orgId, member);
    // docs/decisions/0012: a member (not the owner) calling finish-adding creates pending rows; the desktop
    // app's start-adding comes first (decision 0190).
    await call(
      request,
      member.token,
      'POST',
      `/api/v1/desktop/organizations/${orgId}/collaborators/start-adding`,
      { emails: [wanted.email, unwanted.email] },
    );
    await call(
      request,
      member.token,
      'POST',
      `/api/v1/desktop/organizations/${orgId}/collaborators/finish-adding`,
      {
        accountIds: [wanted.id, unwanted.id],
      },
    );

    await openAs(page, owner);
    await page.goto('/app/');
    const panel = page.getByRole('region', { name: 'Запросы на вступление' });
    await expect(panel.getByText('Желанный Гость')).toBeVisible();
    await expect(panel.getByText('Незваный Гость')).toBeVisible();
    // docs/decisions/0098: the owner sees who asked for each request.
    await expect(panel.getByText(`Запросил: Инна Внутри (${member.email})`)).toHaveCount(2);

    await panel.getByRole('button', { name: 'Принять Желанный Гость в Клуб по интересам' }).click();
    await expect(page.getByText('Участник принят в организацию')).toBeVisible();
    await expect(panel.getByText('Желанный Гость')).toBeHidden();

    await panel.getByRole('button', { name: 'Отклонить запрос Незваный Гость в Клуб по интересам' }).click();
    await expect(panel.getByText('Незваный Гость')).toBeHidden();
    await expect(panel.getByText('Нет запросов')).toBeVisible();

    const organization = await call(request, owner.token, 'GET', `/api/v1/rest/organizations/${orgId}`);
    const members = (organization.data as { members: { account_id: number; status: string }[] }).members;
    expect(members.find((m) => m.account_id === wanted.id)?.status).toBe('active');
    expect(members.find((m) => m.account_id === unwanted.id)).toBeUndefined();
    // The stack on the home row now counts the accepted member.
    await expect(
      page.getByRole('row', { name: /Клуб по интересам/ }).getByRole('img', { name: '3 участника' }),
    ).toBeVisible();
  });
});
