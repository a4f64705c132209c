import { Menu } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { DESTINATIONS, destinationsFor, menuDestinationsFor } from './destinations';
import { DrawerNav } from './drawer-nav';
import { ProfileMenuItems } from './profile-menu-items';

afterEach(() => vi.unstubAllGlobals());

const stubProfile = (isAdmin: boolean) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ success: true, message: '', data: makeProfile({ is_admin: isAdmin }) })),
  );

const drawerLinks = () =>
  within(screen.getByRole('navigation', { name: 'Разделы кабинета' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);

describe('the destinations of the header (issue 34, rule 2)', () => {
  it('every screen of the cabinet belongs to at most one of them', () => {
    const screens = [
      '/',
      '/organization/create',
      '/dashboard/organizations/7/collaborators',
      '/subscription',
      '/subscription/update',
      '/payments/3/receipt',
      '/settings/account',
      '/settings/security',
      '/settings/tokens',
      '/admin/users',
    ];
    for (const pathname of screens)
      expect(DESTINATIONS.filter((d) => d.current(pathname)).map((d) => d.label)).toHaveLength(1);
  });

  it('the profile menu is the drawer less what the header links to itself', () => {
    const menu = menuDestinationsFor(true).map((d) => d.to);
    const drawer = destinationsFor(true).map((d) => d.to);
    expect(menu.every((to) => drawer.includes(to))).toBe(true);
    expect(
      destinationsFor(true)
        .filter((d) => d.menuLabel === null)
        .map((d) => d.label),
    ).toEqual(['Главная', 'Подписка']);
    expect(destinationsFor(false).map((d) => d.label)).not.toContain('Администрирование');
  });

  it('the drawer lists them all with the current one marked, tokens included', async () => {
    stubProfile(false);
    renderWithProviders(<DrawerNav onChoose={() => {}} />, { route: '/settings/tokens' });
    expect(drawerLinks()).toEqual([
      ['Главная', '/', null],
      ['Создать организацию', '/organization/create', null],
      ['Организации', '/', null],
      ['Подписка', '/subscription', null],
      ['Профиль', '/settings/account', null],
      ['Безопасность', '/settings/security', null],
      ['Токены', '/settings/tokens', 'page'],
    ]);
    expect(screen.getByRole('button', { name: 'Выйти' }).textContent).toBe('Выйти');
  });

  it("a site admin's drawer and menu both have 'Администрирование'", async () => {
    stubProfile(true);
    renderWithProviders(
      <>
        <DrawerNav onChoose={() => {}} />
        <Menu opened>
          <Menu.Target>
            <button type="button">Меню профиля</button>
          </Menu.Target>
          <Menu.Dropdown>
            <ProfileMenuItems />
          </Menu.Dropdown>
        </Menu>
      </>,
    );
    const nav = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    const admin = await within(nav).findByRole('link', { name: 'Администрирование' });
    expect(admin.getAttribute('href')).toBe('/admin/main');
    await screen.findByRole('menuitem', { name: 'Администрирование' });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Создать организацию',
      'Управление организациями',
      'Настройки профиля',
      'Безопасность',
      'Токены доступа',
      'Администрирование',
    ]);
  });
});
