import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { signInAsAdmin } from './admin-helpers';
import { expect, stack, test, uniqueEmail } from './support/fixtures';
import { call, createAccount } from './user-helpers';

// Refund cases (docs/decisions/0092) and the test-mode warning (0090) in the admin area. A notification
// is signed with the server's test-mode secret, exactly as the sandbox or YooMoney would sign it.

function signed(fields: Record<string, string>): Record<string, string> {
  const secret = fs.readFileSync(path.join(stack().dataDir, 'payment-secret'), 'utf8').trim();
  const line = [
    fields.notification_type,
    fields.operation_id,
    fields.amount,
    fields.currency,
    fields.datetime,
    fields.sender,
    fields.codepro,
    secret,
    fields.label,
  ].join('&');
  return { ...fields, sha1_hash: crypto.createHash('sha1').update(line).digest('hex') };
}

test.describe('admin refunds', () => {
  test('a short payment shows in Возвраты and is marked returned', async ({ page, request }) => {
    const payer = await createAccount(request, uniqueEmail('short-payer'), 'Недоплатил');
    const checkout = await call(request, payer.token, 'POST', '/api/v1/rest/subscribes/get-subscribe-info', {
      subscribe_id: 2,
      type: 'month',
      user_id: payer.id,
    });
    const { label } = checkout.data as { label: string };
    const operation = `e2e-${Date.now()}-${process.pid}`;
    const res = await request.post('/api/subscribe/buy', {
      form: signed({
        notification_type: 'card-incoming',
        operation_id: operation,
        amount: '100.00',
        currency: '643',
        datetime: new Date().toISOString(),
        sender: '',
        codepro: 'false',
        label,
      }),
    });
    expect(res.status()).toBe(400);

    await signInAsAdmin(page);
    await page.goto('/app/admin/main');
    await expect(page.getByTestId('payments-test-mode-alert')).toContainText(
      'Платежи работают в тестовом режиме: деньги не списываются.',
    );
    await expect(page.getByTestId('admin-count-refunds')).not.toHaveText('0');
    await page.getByRole('link', { name: 'К возвратам' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/refunds$/);
    await expect(page.getByRole('heading', { name: 'Возвраты' })).toBeVisible();

    const row = page.getByTestId('admin-refund-row').filter({ hasText: operation });
    // The row folds into its first cell on phones; at 1440 px the cells show.
    await expect(row.getByRole('cell', { name: 'Сумма меньше цены заказа' })).toBeVisible();
    await expect(row.getByRole('cell', { name: payer.email })).toBeVisible();
    await expect(row.getByText('Тестовый')).toBeVisible();
    await expect(row.getByText('Ожидает возврата').filter({ visible: true })).toBeVisible();
    await row.getByRole('button', { name: /Отметить как возвращённый/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отметить как возвращённый' }).click();
    await expect(row.getByText('Возвращён', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
  });
});
