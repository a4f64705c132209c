import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { UserAccountActions } from './user-account-actions';

afterEach(() => vi.unstubAllGlobals());

const target = { id: 5, name: 'Иван', email: 'ivan@example.com', blocked: false };

describe('UserAccountActions', () => {
  it('is disabled on the admin’s own row', () => {
    renderWithProviders(<UserAccountActions user={target} isSelf />);
    // Focusable, saying why (decision 0165).
    for (const name of ['Разлогинить Иван', 'Заблокировать Иван']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(screen.getByText('Нельзя применить к своему аккаунту')).toBeTruthy();
  });

  it('blocks after confirmation and shows the server message', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        success: true,
        message: 'Пользователь заблокирован',
        data: { id: 5, blocked: true, blocked_at: '2026-01-01T00:00:00Z', count: 2 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<UserAccountActions user={target} isSelf={false} variant="buttons" />);
    await user.click(screen.getByRole('button', { name: 'Заблокировать' }));
    expect(await screen.findByText('Заблокировать пользователя?')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog');
    await user.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Заблокировать') as HTMLElement,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[0]).toBe(
      '/api/v1/rest/admin/users/5/block',
    );
    expect(await screen.findByText('Пользователь заблокирован')).toBeTruthy();
  });
});
