import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AdminNav } from './admin-nav';

const current = () =>
  within(screen.getByRole('navigation', { name: 'Разделы администрирования' }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('AdminNav', () => {
  it('lists every section of the admin area, with its address', () => {
    renderWithProviders(<AdminNav />, { route: '/admin/main' });
    const links = within(screen.getByRole('navigation', { name: 'Разделы администрирования' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Обзор', '/admin/main'],
      ['Пользователи', '/admin/users'],
      ['Организации', '/admin/organizations'],
      ['Тарифы', '/admin/subscriptions'],
      ['Платежи', '/admin/payments'],
      ['Возвраты', '/admin/refunds'],
      ['Приложения', '/admin/applications'],
      ['Журнал', '/admin/audit'],
      ['Вебхуки', '/admin/webhooks'],
    ]);
    expect(current()).toEqual(['Обзор']);
  });

  it("marks a list's section on its create and settings screens, and only that one", () => {
    renderWithProviders(<AdminNav />, { route: '/admin/users/42?userName=x' });
    expect(current()).toEqual(['Пользователи']);
  });

  it('marks nothing on a screen outside the sections (the admin’s own profile)', () => {
    renderWithProviders(<AdminNav />, { route: '/admin/settings/account' });
    expect(current()).toEqual([]);
  });
});
