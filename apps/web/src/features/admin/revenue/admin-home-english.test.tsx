import type { Revenue } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { AdminHomeRoute } from '@/routes/admin/admin-home-route';
import { cyrillicLeft, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { monthName, monthTick, payingShare, weekTick } from './lib/revenue-data';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const revenue: Revenue = {
  by_month: [
    { month: '2026-10', amount: '990.00', payments: 1 },
    { month: '2026-11', amount: '1980.00', payments: 2 },
  ],
  by_plan: [{ plan_id: 2, name: 'Про', paying_users: 1 }],
  by_plan_month: [{ month: '2026-11', plan_id: 2, paying_users: 1 }],
  new_users_by_week: [{ week: '2026-11-23', count: 3 }],
  paying_users: 1,
  total_users: 21,
  renewals_next_30_days: 2,
};

/** The admin home's calls: payment settings (test mode), the three counts, open refunds and the revenue. */
function stubHome() {
  const ok = (data: unknown, meta?: unknown) => jsonResponse({ success: true, message: '', data, meta });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/rest/payments/settings')) return ok({ test_mode: true, mode: 'test' });
      if (url.includes('users-count')) return ok({ count: 1250, unverified: 3 });
      if (url.includes('-count')) return ok({ count: 4 });
      if (url.startsWith('/api/v1/rest/admin/refunds'))
        return ok([], { page: 1, pages: 1, perPage: 1, total: 0 });
      if (url.startsWith('/api/v1/rest/admin/revenue')) return ok(revenue);
      return jsonResponse({ success: false, message: 'not stubbed', data: null }, 404);
    }),
  );
}

describe('the admin home in Russian', () => {
  it('says the paying share with the noun agreeing with the total, as formatUsage did', async () => {
    session.signIn('tok');
    stubHome();
    renderWithProviders(<AdminHomeRoute />);
    const share = await screen.findByTestId('revenue-paying-share');
    expect(within(share.parentElement as HTMLElement).getByText('1 из 21 пользователя')).toBeTruthy();
    expect(screen.getByText('Выручка за 12 месяцев')).toBeTruthy();
    expect(screen.getByText('из них не подтвердили эл. почту: 3')).toBeTruthy();
  });
});

describe('the admin home in English (issue 32)', () => {
  inEnglish();

  it('labels months, weeks and shares in English', () => {
    expect(monthTick('2026-11')).toBe('Nov 26');
    expect(monthName('2026-05')).toBe('May 2026');
    expect(weekTick('2026-11-23')).toBe('11/23');
    expect(payingShare({ paying_users: 1, total_users: 8 })).toBe('12.5%');
  });

  it('the counts, the cards, the test mode warning and the revenue, with no Russian but the plan’s name', async () => {
    session.signIn('tok');
    stubHome();
    renderWithProviders(<AdminHomeRoute />);
    expect(await screen.findByText('Administration')).toBeTruthy();
    expect(await screen.findByText('Payments in test mode')).toBeTruthy();
    expect(await screen.findByText('3 of them have not confirmed their email')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to the audit log/ })).toBeTruthy();
    const share = await screen.findByTestId('revenue-paying-share');
    expect(within(share.parentElement as HTMLElement).getByText('1 of 21 users')).toBeTruthy();
    expect(screen.getByText('Revenue for 12 months')).toBeTruthy();
    expect(screen.getByText('Payments: 2')).toBeTruthy();
    expect(screen.getByText('Show test payments')).toBeTruthy();
    expect((await screen.findAllByText('Revenue by month')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('columnheader', { name: 'Week of' }).length).toBe(1);
    expect(screen.getAllByText('November 2026').length).toBeGreaterThan(0);
    // 'Навигационная цепочка': the shared page header's breadcrumbs label (components/page-header.tsx).
    expect(cyrillicLeft(['Про', 'Навигационная цепочка'])).toEqual([]);
  });
});
