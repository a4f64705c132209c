import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_BASENAME } from '@/config/paths';
import { session } from '@/lib/session';
import { jsonResponse, makeProfile } from '@/test/fixtures';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRoutes } from './router';

function renderAt(path: string) {
  const queryClient = createQueryClient({ onUnauthorized: vi.fn() });
  const router = createMemoryRouter(createRoutes(queryClient), {
    basename: APP_BASENAME,
    initialEntries: [`/app${path}`],
  });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function stubProfile(isAdmin: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ success: true, message: '', data: makeProfile({ is_admin: isAdmin }) })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('routes', () => {
  it('sends a signed-out visitor to sign-in and clears what is left of the session', async () => {
    window.localStorage.setItem('cabinet.accessToken', 'stale');
    const router = renderAt('/subscription');

    expect(await screen.findByRole('button', { name: 'Отправить код' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/app/auth-app');
    expect(window.localStorage.getItem('cabinet.accessToken')).toBeNull();
  });

  it('shows the home screen with the signed-in user', async () => {
    session.signIn('tok');
    stubProfile(false);
    renderAt('/');

    expect(await screen.findByText('Здравствуйте, Анна Петрова!')).toBeDefined();
    expect(screen.getByRole('link', { name: /Купить подписку/ }).getAttribute('href')).toBe(
      '/app/subscription',
    );
  });

  it('shows the not-found page for an unknown path', async () => {
    session.signIn('tok');
    renderAt('/no/such/page');

    expect(await screen.findByText('Упс! Эта страница не может быть найдена')).toBeDefined();
    expect(screen.getByText('404')).toBeDefined();
    expect(screen.getByText('Страница, которую вы ищете, возможно, удалена')).toBeDefined();
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/app/');
  });

  it('shows the not-found page to a non-admin under /admin', async () => {
    session.signIn('tok');
    stubProfile(false);
    renderAt('/admin/users');

    expect(await screen.findByText('Упс! Эта страница не может быть найдена')).toBeDefined();
    expect(screen.queryByText('Список пользователей')).toBeNull();
  });

  it('lets an admin in and sends /admin to /admin/main', async () => {
    session.signIn('tok');
    stubProfile(true);
    const router = renderAt('/admin');

    expect(await screen.findByRole('heading', { name: 'Администрирование' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/app/admin/main');
  });
});
