import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminCountCard } from './admin-count-card';

afterEach(() => vi.unstubAllGlobals());

describe('AdminCountCard', () => {
  it('the users card says how many accounts have not confirmed their e-mail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true, message: '', data: { count: 1250, unverified: 3 } })),
    );
    renderWithProviders(
      <AdminCountCard kind="users" icon={null} title="Пользователи" href="/" action="К пользователям" />,
    );
    expect((await screen.findByTestId('admin-count-users')).textContent).toBe('1\u00a0250');
    expect(screen.getByText('из них не подтвердили эл. почту: 3')).toBeTruthy();
  });

  it('other cards show the count alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true, message: '', data: { count: 4 } })),
    );
    renderWithProviders(
      <AdminCountCard kind="plans" icon={null} title="Тарифы" href="/" action="К тарифам" />,
    );
    expect((await screen.findByTestId('admin-count-plans')).textContent).toBe('4');
    expect(screen.queryByText(/не подтвердили/)).toBeNull();
  });
});
