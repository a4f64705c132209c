import { signInAsAdmin } from './admin-helpers';
import { ADMIN_EMAIL, expect, test } from './support/fixtures';
import { emailBreaks, findings, WIDTHS } from './support/inspect';

// Issue 34, rule 11: on a phone the admin's filters hide behind 'Фильтры' and the filters in force show as
// removable chips; the section bar scrolls with a visible edge and keeps the current section in view; the
// header shows the name (the e-mail only without one), never cut mid-address.

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
