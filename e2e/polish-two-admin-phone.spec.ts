import { signInAsAdmin } from './admin-helpers';
import { ADMIN_EMAIL, expect, test, uniqueEmail } from './support/fixtures';
import { emailBreaks, findings, WIDTHS } from './support/inspect';
import { createAccount } from './user-helpers';

// Issue 34, rule 11: on a phone the admin's filters (payments, the journal) hide behind 'Фильтры' and the
// filters in force show as removable chips; the section bar scrolls with a visible edge and keeps the
// current section in view; the header shows the name (the e-mail only without one), never cut mid-address.

for (const size of WIDTHS) {
  test.describe(`the admin area at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("filters behind 'Фильтры', chips that remove themselves", async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/app/admin/payments?status=paid&period=year');
      const chips = page.getByRole('list', { name: 'Действующие фильтры' });
      await expect(chips.getByText('Статус: Оплачен')).toBeVisible();
      await expect(chips.getByText('Период: Год')).toBeVisible();
      const form = page.getByRole('form', { name: 'Фильтры платежей' });
      if (size.width < 576) {
        const toggle = page.getByRole('button', { name: 'Фильтры (2)' });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(form).toBeHidden();
        await toggle.click();
        await expect(form).toBeVisible();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(form).toBeVisible();
        await expect(page.getByRole('button', { name: /^Фильтры/ })).toHaveCount(0);
      }
      expect(await findings(page, 'admin-payments-filters')).toEqual([]);
      await chips.getByRole('button', { name: 'Убрать фильтр Статус: Оплачен' }).click();
      await expect(page).not.toHaveURL(/status=paid/);
      await expect(page).toHaveURL(/period=year/);
      await expect(chips.getByText('Статус: Оплачен')).toHaveCount(0);
    });

    test("the journal's filters: behind 'Фильтры' on a phone, chips that remove themselves", async ({
      page,
      request,
    }) => {
      // A long address: its chip wraps inside the screen.
      const person = await createAccount(
        request,
        uniqueEmail('a-rather-long-journal-address'),
        'Жанна Журнал',
      );
      await signInAsAdmin(page);
      await page.goto('/app/admin/audit');
      const form = page.getByRole('form', { name: 'Фильтры журнала' });
      const chips = page.getByRole('list', { name: 'Действующие фильтры' });
      await expect(chips).toHaveCount(0);
      if (size.width < 576) {
        const toggle = page.getByRole('button', { name: 'Фильтры', exact: true });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(form).toBeHidden();
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(page.getByRole('button', { name: /^Фильтры/ })).toHaveCount(0);
      }
      await expect(form).toBeVisible();
      await form.getByRole('combobox', { name: 'Действие' }).fill('Вход в акк');
      await page.getByRole('option', { name: 'Вход в аккаунт' }).click();
      await form.getByLabel('С', { exact: true }).fill('2020-01-31');
      await form.getByLabel('Кто').fill(person.email);
      await form.getByRole('button', { name: 'Применить' }).click();
      await expect(chips.getByText('Действие: Вход в аккаунт')).toBeVisible();
      await expect(chips.getByText('С 31.01.2020')).toBeVisible();
      await expect(chips.getByText(`Кто: ${person.email}`)).toBeVisible();
      if (size.width < 576) await expect(page.getByRole('button', { name: 'Фильтры (3)' })).toBeVisible();
      // Newest first: a table from 576 px, cards below.
      const newest =
        size.width < 576
          ? page.getByRole('list', { name: 'События журнала' }).getByRole('listitem').first()
          : page.getByRole('table', { name: 'События журнала' }).getByRole('row').nth(1);
      await expect(newest).toContainText('Вход в аккаунт');
      expect(await findings(page, 'admin-audit-filters')).toEqual([]);

      // A chip's × drops its filter and empties its field; the other stays.
      await chips.getByRole('button', { name: 'Убрать фильтр Действие: Вход в аккаунт' }).click();
      await expect(chips.getByText('Действие: Вход в аккаунт')).toHaveCount(0);
      await expect(chips.getByText('С 31.01.2020')).toBeVisible();
      await chips.getByRole('button', { name: `Убрать фильтр Кто: ${person.email}` }).click();
      if (size.width < 576) {
        await expect(page.getByRole('button', { name: 'Фильтры (1)' })).toBeVisible();
        if (await form.isHidden()) await page.getByRole('button', { name: 'Фильтры (1)' }).click();
      }
      await expect(form.getByLabel('Кто')).toHaveValue('');
      await expect(form.getByRole('combobox', { name: 'Действие' })).toHaveValue('');
      await expect(form.getByLabel('С', { exact: true })).toHaveValue('2020-01-31');
      await chips.getByRole('button', { name: 'Убрать фильтр С 31.01.2020' }).click();
      await expect(chips).toHaveCount(0);
      await expect(form.getByLabel('С', { exact: true })).toHaveValue('');
    });

    test('the section bar keeps the current section in view with a visible edge; the header is not cut', async ({
      page,
    }) => {
      await signInAsAdmin(page);
      await page.goto('/app/admin/audit');
      const nav = page.getByRole('navigation', { name: 'Разделы администрирования' });
      const current = nav.getByRole('link', { name: 'Журнал' });
      await expect(current).toHaveAttribute('aria-current', 'page');
      await expect(current).toBeInViewport({ ratio: 1 });
      if (size.width < 576) {
        // The hidden start shows its edge, a chevron.
        const edge = await nav.evaluate((el) => getComputedStyle(el, '::before').content);
        expect(edge).toContain('‹');
        await expect(nav).toHaveAttribute('data-more-start', 'true');
      }
      // The admin of the e2e stack has no name: the e-mail, whole, wrapping only at its sensible points.
      const menu = page.getByRole('button', { name: /Меню профиля/ });
      await expect(menu).toContainText(ADMIN_EMAIL);
      const caption = menu.locator('div', { hasText: ADMIN_EMAIL }).last();
      const breaks = await emailBreaks(caption);
      expect(breaks.bad).toEqual([]);
      expect(breaks.overflows).toBe(false);
      const text = await caption.evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ''));
      expect(text).toBe(ADMIN_EMAIL);
      expect(await findings(page, 'admin-audit-phone')).toEqual([]);
    });
  });
}
