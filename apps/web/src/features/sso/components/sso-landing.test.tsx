import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { discoverSso } from '../api/discover';
import { SsoLanding } from './sso-landing';
import { SsoSignInOffer } from './sso-sign-in-offer';

// Issue 30: the landing page after an organization's provider, the sign-in screen's question and offer.

const result = { access_token: 'tok', code: 'tok', electronUrl: 'x://', key_fingerprint: null };

function land(hash: string) {
  window.history.replaceState(null, '', `/app/auth-app/sso${hash}`);
  const onSignedIn = vi.fn();
  renderWithProviders(<SsoLanding signInHref="/auth-app" onSignedIn={onSignedIn} />, {
    route: '/auth-app/sso',
  });
  return { onSignedIn };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SsoLanding', () => {
  it('finishes with the answer of the fragment, and removes it from the address bar', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, message: 'ok', data: result }));
    vi.stubGlobal('fetch', fetchMock);
    const { onSignedIn } = land('#code=abc&state=st&iss=http%3A%2F%2Fidp');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(result));
    expect(window.location.hash).toBe('');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/sso/finish');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'abc', state: 'st', iss: 'http://idp' });
  });

  it('says a refusal of the server in Russian, with the way back to sign-in', async () => {
    const message = 'Адрес a@gmail.com не входит в подтверждённые домены организации';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, message, data: null, code: 'FORBIDDEN' }, 403)),
    );
    land('#code=abc&state=st');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'Не удалось войти' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Вернуться ко входу' }).getAttribute('href')).toBe('/auth-app');
  });

  it('names the callback’s codes in its own words, never text from the address', async () => {
    vi.stubGlobal('fetch', vi.fn());
    land('#error=denied');
    expect((await screen.findByRole('alert')).textContent).toBe('Вход отменён на странице поставщика входа.');
    cleanup();
    land('#error=<b>Взломано</b>');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Нет ответа поставщика входа. Начните вход заново.',
    );
  });
});

describe('the sign-in screen’s piece', () => {
  it('asks with a plain fetch and follows only the cabinet’s own start', async () => {
    const answer = (data: unknown) => vi.fn(async () => jsonResponse({ success: true, message: '', data }));
    vi.stubGlobal(
      'fetch',
      answer({ name: 'Acme', url: '/api/v1/auth/sso/start?organization_id=3', only_sso: true }),
    );
    expect(await discoverSso('a@acme.ru')).toEqual({
      name: 'Acme',
      url: '/api/v1/auth/sso/start?organization_id=3',
      onlySso: true,
    });
    vi.stubGlobal('fetch', answer({ name: 'Evil', url: 'https://evil.example/', only_sso: false }));
    expect(await discoverSso('a@acme.ru')).toBeNull();
    vi.stubGlobal('fetch', answer(null));
    expect(await discoverSso('a@acme.ru')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(await discoverSso('a@acme.ru')).toBeNull();
  });

  it('carries a desktop app’s key to the start', () => {
    const choice = { name: 'Acme', url: '/api/v1/auth/sso/start?organization_id=3', onlySso: false };
    renderWithProviders(<SsoSignInOffer choice={choice} loginKey="k+/=" />);
    expect(screen.getByRole('link', { name: 'Войти через Acme' }).getAttribute('href')).toBe(
      '/api/v1/auth/sso/start?organization_id=3&login_key=k%2B%2F%3D',
    );
  });
});
