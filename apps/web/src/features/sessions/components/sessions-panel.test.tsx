import type { Session } from '@cabinet/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SessionsPanel } from './sessions-panel';
import { UserSessionsPanel } from './user-sessions-panel';

afterEach(() => vi.unstubAllGlobals());

const session = (over: Partial<Session>): Session => ({
  id: 1,
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: '2026-11-27T09:00:00.000Z',
  ip: '203.0.113.5',
  user_agent: 'Mozilla/5.0',
  device: 'Chrome 142, Windows',
  is_desktop: false,
  application: null,
  scopes: [],
  current: false,
  ...over,
});

/** Answers the list with `sessions` and any other call with success; records the calls. */
function stubApi(sessions: Session[]) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(url) });
      if (method === 'GET') {
        return jsonResponse({
          success: true,
          message: '',
          data: sessions,
          meta: { page: 1, pages: 1, perPage: 20, total: sessions.length },
        });
      }
      return jsonResponse({ success: true, message: 'Сеанс завершён', data: null });
    }),
  );
  return calls;
}

describe('SessionsPanel', () => {
  it("marks this device, and ends another session with 'Завершить'", async () => {
    const calls = stubApi([
      session({ id: 9, device: 'Safari 17, iOS', is_desktop: true }),
      session({ id: 4, current: true }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<SessionsPanel />);

    const list = await screen.findByRole('list', { name: 'Сеансы' });
    const [phone, laptop] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(laptop!).getByText('Это устройство')).toBeTruthy();
    expect(within(laptop!).queryByRole('button', { name: /Завершить/ })).toBeNull();
    expect(within(phone!).getByText('Приложение')).toBeTruthy();
    expect(within(phone!).getByText(/IP 203\.0\.113\.5 · вход \d{2}\.\d{2}\.2026/)).toBeTruthy();

    await user.click(within(phone!).getByRole('button', { name: 'Завершить сеанс: Safari 17, iOS' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: '/api/v1/rest/profile/sessions/9' }),
    );
    expect(screen.getByRole('button', { name: 'Выйти на всех других устройствах' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("offers 'Выйти на всех других устройствах' only when there are others", async () => {
    stubApi([session({ id: 4, current: true })]);
    renderWithProviders(<SessionsPanel />);
    await screen.findByText('Это устройство');
    const button = screen.getByRole('button', { name: 'Выйти на всех других устройствах' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Других сеансов нет')).toBeTruthy();
  });
});

describe('UserSessionsPanel', () => {
  it("lets an admin end any of the user's sessions, the admin's own session not being theirs", async () => {
    const calls = stubApi([session({ id: 7, current: false }), session({ id: 3, current: false })]);
    const user = userEvent.setup();
    renderWithProviders(<UserSessionsPanel userId={12} />);
    const buttons = await screen.findAllByRole('button', { name: /Завершить сеанс/ });
    expect(buttons).toHaveLength(2);
    expect(screen.queryByText('Это устройство')).toBeNull();
    await user.click(buttons[1]!);
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: '/api/v1/rest/admin/users/12/sessions/3' }),
    );
  });
});
