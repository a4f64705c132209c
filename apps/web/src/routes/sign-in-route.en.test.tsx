import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@/lib/i18n/locale';
import { cyrillicIn } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SignInRoute } from './sign-in-route';

/** Answers the code request and records what it sent. */
function stubCodeRequest() {
  const sent: Array<{ url: string; body: unknown; language: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({
        url,
        body: init?.body ? JSON.parse(String(init.body)) : null,
        language: new Headers(init?.headers).get('Accept-Language'),
      });
      if (url.includes('sign-in-options')) return jsonResponse({ success: true, message: '', data: {} });
      return jsonResponse({ success: true, message: 'The code has been sent', data: null });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sign-in screen in English (issue 32)', () => {
  it('RU / EN switches the screen, keeps the choice, and the code request names it', async () => {
    const sent = stubCodeRequest();
    const user = userEvent.setup();
    renderWithProviders(<SignInRoute />, { route: '/auth-app' });

    const languages = screen.getByRole('group', { name: 'Язык / Language' });
    expect(screen.getByRole('button', { name: 'RU' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Вход в личный кабинет')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(await screen.findByText('Sign in to your account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'EN' }).getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(languages).toBeTruthy();
    expect(cyrillicIn()).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter the code from the email')).toBeTruthy();
    const request = sent.find((call) => call.url.endsWith('/auth/login'));
    expect(request?.body).toMatchObject({ email: 'anna@example.com', locale: 'en' });
    expect(request?.language).toBe('en');
    expect(screen.getByLabelText('Digit 1 of 6')).toBeTruthy();
    await waitFor(() => expect(cyrillicIn()).toEqual([]));

    await user.click(screen.getByRole('button', { name: 'RU' }));
    expect(await screen.findByText('Введите код полученный в письме')).toBeTruthy();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ru');
  });

  it('without a choice the request sends no locale and says Russian in Accept-Language', async () => {
    const sent = stubCodeRequest();
    const user = userEvent.setup();
    renderWithProviders(<SignInRoute />, { route: '/auth-app' });
    await user.type(screen.getByLabelText('Email'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Отправить код' }));
    await screen.findByText('Введите код полученный в письме');
    const request = sent.find((call) => call.url.endsWith('/auth/login'));
    expect(request?.body).toEqual({ loginKey: 'web', email: 'anna@example.com' });
    expect(request?.language).toBe('ru');
  });
});
