import { expect, test, uniqueEmail } from './support/fixtures';
import { findings, WIDTHS } from './support/inspect';
import { call, createAccount, openAs } from './user-helpers';

// Issue 34, rule 9: after paying for a year the period switch opens on 'Год', the current card says 'Ваш
// тариф', the period and the renewal date ('до 06.12.2027, оплачен год'), and offers 'Продлить на год'.

for (const size of WIDTHS) {
  test.describe(`the subscription screen at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a year paid: 'Год', 'Ваш тариф', 'до …, оплачен год', 'Продлить на год'", async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, uniqueEmail('year'), 'Яна Годовая');
      const info = await call(request, account.token, 'POST', '/api/v1/rest/subscribes/get-subscribe-info', {
        subscribe_id: 2,
        type: 'year',
        options: [{ id: 'method', value: 'mir' }],
        user_id: account.id,
      });
      const { label } = info.data as { label: string };
      const paid = await request.post('/api/subscribe/sandbox/pay', { form: { label }, maxRedirects: 0 });
      expect(paid.status()).toBe(303);
      const me = await call(request, account.token, 'GET', '/api/v1/rest/profile/me');
      const until = new Date(
        (me.data as { subscribe_expires_at: string }).subscribe_expires_at,
      ).toLocaleDateString('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

      await openAs(page, account);
      await page.goto('/app/subscription');
      const period = page.getByRole('radiogroup', { name: 'Период оплаты' });
      await expect(period.getByRole('radio', { name: 'Год' })).toBeChecked();
      const card = page.getByRole('article', { name: 'Про' });
      await expect(card.getByText('Ваш тариф')).toBeVisible();
      await expect(card.getByTestId('current-plan-term')).toHaveText(`до ${until}, оплачен год`);
      await expect(card.getByRole('button', { name: 'Продлить на год: тариф Про' })).toHaveText(
        'Продлить на год',
      );
      await expect(
        page.getByRole('button', { name: 'Продлить на год' }).filter({ visible: true }).first(),
      ).toBeVisible();
      expect(await findings(page, 'subscription-year')).toEqual([]);

      // Switching to 'Месяц' offers a month.
      await period.getByText('Месяц').click();
      await expect(card.getByRole('button', { name: 'Продлить на месяц: тариф Про' })).toBeVisible();
    });
  });
}
