import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberLandingLoginKey } from '@/features/auth/lib/landing-login-key';
import { session } from '@/lib/session';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SignInLandingRoute } from './sign-in-landing-route';

// /auth-app/landing (decision 0283): back from Yandex ID or SSO with a one-time code, traded for the session.

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const result = (fingerprint: string | null) => ({
  access_token: 'session-token',
  code: fingerprint ? 'sealed-box' : 'session-token',
  electronUrl: 'insomnia://app/auth/finish?box=x',
  key_fingerprint: fingerprint,
});

/** The landing call answers `answer`; anything else (the profile load) fails quietly. */
function stubLanding(answer: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url) === '/api/v1/auth/landing') {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(answer.body, answer.status);
      }
      return jsonResponse({ success: false, message: 'Нет', data: null }, 500);
    }),
  );
  return sent;
}

const CODE = 'A'.repeat(43);

describe('SignInLandingRoute', () => {
  it('trades the code once, takes the code out of the address, signs in and goes into the cabinet', async () => {
    const sent = stubLanding({ status: 200, body: { success: true, message: 'ok', data: result(null) } });
    const { router } = renderWithProviders(<SignInLandingRoute />, {
      route: `/auth-app/landing?code=${CODE}`,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([{ code: CODE, loginKey: 'web' }]);
    expect(session.getState()).toMatchObject({ isAuthenticated: true, accessToken: 'session-token' });
  });

  it("a desktop app's sign-in shows the success step with the key's fingerprint", async () => {
    rememberLandingLoginKey('desktop-public-key');
    const sent = stubLanding({
      status: 200,
      body: { success: true, message: 'ok', data: result('a1b2 c3d4 e5f6 0718') },
    });
    const { router } = renderWithProviders(<SignInLandingRoute />, {
      route: `/auth-app/landing?code=${CODE}`,
    });
    expect(await screen.findByText('Авторизация прошла успешно')).toBeTruthy();
    expect(screen.getByText('a1b2 c3d4 e5f6 0718')).toBeTruthy();
    expect(sent).toEqual([{ code: CODE, loginKey: 'desktop-public-key' }]);
    expect(router.state.location.search).toBe('');
  });

  it('a refusal says why and offers the other ways in', async () => {
    rememberLandingLoginKey('desktop-public-key');
    stubLanding({
      status: 400,
      body: {
        success: false,
        message: 'Ссылка входа устарела или уже использована: войдите заново',
        data: null,
      },
    });
    renderWithProviders(<SignInLandingRoute />, { route: `/auth-app/landing?code=${CODE}` });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ссылка входа устарела или уже использована: войдите заново',
    );
    const back = screen.getByRole('link', { name: 'Войти другим способом' });
    expect(back.getAttribute('href')).toBe('/auth-app?loginKey=desktop-public-key');
    expect(session.getState().isAuthenticated).toBe(false);
  });

  it('without a code, asks nothing and says the link is wrong', async () => {
    const sent = stubLanding({ status: 200, body: {} });
    renderWithProviders(<SignInLandingRoute />, { route: '/auth-app/landing' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ссылка входа неверна или устарела: войдите заново',
    );
    expect(sent).toEqual([]);
  });
});
