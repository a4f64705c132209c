import { expect, test, uniqueEmail } from './support/fixtures';
import { createAccount, openAs } from './user-helpers';

test.describe('subscription', () => {
  test('shows the plans by the pricing rules and buys Про in test mode', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('buyer'), 'Покупатель');
    await openAs(page, account);
    await page.goto('/app/');
    await page.getByRole('link', { name: 'Купить подписку' }).first().click();
    await expect(page).toHaveURL(/\/app\/subscription$/);
    await expect(page.getByText('Тестовый режим').first()).toBeVisible();

    const basic = page.getByRole('article', { name: 'Базовый' });
    await expect(basic.getByText('Бесплатно', { exact: true })).toBeVisible();
    await expect(basic.getByRole('button')).toHaveCount(0);
    await expect(basic.getByText('1 организация')).toBeVisible();
    const pro = page.getByRole('article', { name: 'Про' });
    await expect(pro.getByText(/990\s₽/)).toBeVisible();
    await expect(pro.getByText('/мес')).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Период оплаты' }).getByText('Год').click();
    await expect(pro.getByText('/год')).toBeVisible();
    await expect(pro.locator('s')).toHaveText(/11\s880\s₽/);

    await expect(page.getByTestId('plan-end')).toHaveText('—');
    await page.getByRole('button', { name: 'Улучшить до Про' }).click();
    await expect(page).toHaveURL(/\/app\/subscription\/update\?subscribeId=2$/);
    await expect(page.getByRole('heading', { name: 'Тариф «Про»' })).toBeVisible();
    await expect(page.getByText('Выгодно')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Карта «Мир»/ })).toBeChecked();
    await page.getByRole('radio', { name: /СБП/ }).click();
    await expect(page.getByTestId('checkout-sum')).toHaveText(/990,00\s₽/);

    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect(page.getByRole('heading', { name: 'Тестовая оплата' })).toBeVisible();
    await page.getByRole('button', { name: 'Оплатить' }).click();

    await expect(page).toHaveURL(/\/app\/subscription\?payment=success/);
    await expect(page.getByText('Оплата прошла успешно')).toBeVisible();
    await expect(page.getByText(/Ваш тариф: «Про», срок окончания: \d\d\.\d\d\.\d{4}/)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Про' }).getByText('Ваш тариф')).toBeVisible();
    await expect(page.getByTestId('plan-end')).toHaveText(/\d\d\.\d\d\.\d{4}/);
    await expect(page.getByRole('button', { name: 'Улучшить до Корп' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'История платежей' }).getByRole('cell', { name: 'Про' }),
    ).toBeVisible();
    // A sandbox payment is marked as such in the history (decision 0090).
    await expect(
      page.getByRole('region', { name: 'История платежей' }).getByRole('table').getByText('Тестовый'),
    ).toBeVisible();
  });

  test('a cancelled payment shows a neutral notice; Назад goes back', async ({ page, request }) => {
    const account = await createAccount(request, uniqueEmail('canceller'), 'Передумавший');
    await openAs(page, account);
    await page.goto('/app/subscription');
    await page.getByRole('button', { name: 'Выбрать тариф Корп' }).click();
    await expect(page.getByRole('heading', { name: 'Тариф «Корп»' })).toBeVisible();
    await page.getByRole('button', { name: 'Назад' }).click();
    await expect(page).toHaveURL(/\/app\/subscription$/);

    await page.goto('/app/subscription?payment=cancelled');
    await expect(page.getByText('Оплата отменена')).toBeVisible();
    await expect(page.getByTestId('plan-end')).toHaveText('—');
  });
});
