import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSignInOptions } from '@/lib/sign-in-options';
import { renderWithProviders } from '@/test/render';
import { takeLandingLoginKey } from '../lib/landing-login-key';
import { SignInFlow } from './sign-in-flow';

// 'Войти с Яндекс ID' on the sign-in screen (issue 30): offered when the server says so, a plain link to
// the API's start, and the loginKey kept for the landing.

// What the server says, per test (the real loader keeps its answer for the page's life).
vi.mock('@/lib/sign-in-options', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/sign-in-options')>()),
  loadSignInOptions: vi.fn(),
}));

afterEach(() => {
  vi.mocked(loadSignInOptions).mockReset();
});

const props = {
  onAuthenticated: vi.fn(),
  onEnterCabinet: vi.fn(),
  onOpenApp: vi.fn(),
  onCopyCode: vi.fn(),
};

function stubOptions(yandexId: boolean) {
  const load = vi.mocked(loadSignInOptions);
  load.mockResolvedValue({ yandex_id: yandexId });
  return load;
}

describe("'Войти с Яндекс ID'", () => {
  it('links to the API start and keeps a desktop loginKey for the way back', async () => {
    stubOptions(true);
    renderWithProviders(<SignInFlow loginKey="desktop-key" offerYandex {...props} />, { route: '/auth-app' });
    const link = await screen.findByRole('link', { name: 'Войти с Яндекс ID' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/yandex/start');
    // The browser would leave for the API here; the test stays.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true, capture: true });
    await userEvent.click(link);
    expect(takeLandingLoginKey()).toBe('desktop-key');
    // The e-mail code stays the first way in.
    expect(screen.getByRole('button', { name: 'Отправить код' })).toBeTruthy();
  });

  it('is not offered when the installation has no Yandex ID, nor where the flow does not ask for it', async () => {
    const load = stubOptions(false);
    const { unmount } = renderWithProviders(<SignInFlow loginKey="web" offerYandex {...props} />, {
      route: '/auth-app',
    });
    await waitFor(() => expect(load).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: 'Войти с Яндекс ID' })).toBeNull();

    unmount();
    const never = stubOptions(true);
    never.mockClear();
    renderWithProviders(<SignInFlow loginKey="web" {...props} />, { route: '/invite/x' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(never).not.toHaveBeenCalled();
  });
});
