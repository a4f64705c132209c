import type { Profile } from '@cabinet/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '@/app/layouts/admin-layout';
import { DefaultLayout } from '@/app/layouts/default-layout';
import { NotFoundView } from '@/components/not-found-view';
import { SuccessStep } from '@/features/auth/components/success-step';
import { setLocale } from '@/lib/i18n/locale';
import { DeviceRoute } from '@/routes/device-route';
import { ProfileSettingsScreen } from '@/routes/profile-settings-screen';
import { SecurityScreen } from '@/routes/security-screen';
import { SignInLandingRoute } from '@/routes/sign-in-landing-route';
import { cyrillicIn } from './english';
import { jsonResponse, makeProfile } from './fixtures';
import { renderWithProviders } from './render';

/**
 * The screens of issue 32's first part in English (decision 0307): rendered with the cabinet in English,
 * none shows Cyrillic outside the user data it was given. Russian stays what the other suites check.
 */

const ok = (data: unknown, meta?: unknown) => ({
  success: true,
  message: '',
  data,
  ...(meta ? { meta } : {}),
});
const page = (items: unknown[]) => ok(items, { page: 1, pages: 1, perPage: 20, total: items.length });
const at = '2026-01-31T10:05:00.000Z';

/**
 * The people and plans of these screens, named in Russian: user data, which stays as typed. The account's
 * language is English: profile/me's `locale` is the page's once it loads (decision 0301).
 */
const PERSON = makeProfile({ name: 'Анна Петрова', pending_email: 'new@example.com', locale: 'en' });
const RUSSIAN_PERSON = { ...PERSON, locale: 'ru' as const };
const USER_DATA = [PERSON.name, 'АП', PERSON.subscribe.name, 'Рабочий ноутбук', 'Команда'];

/** Answers by path (a function answers anew each time); every call is recorded with its body. */
function stubApi(answers: Array<[string, unknown]>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers.find(([path]) => url.split('?')[0]?.endsWith(path));
      const body = typeof answer?.[1] === 'function' ? (answer[1] as () => unknown)() : answer?.[1];
      return jsonResponse(body ?? ok(null));
    }),
  );
  return calls;
}

beforeEach(async () => {
  await setLocale('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the converted screens in English (issue 32)', () => {
  it("'Profile settings': the form, the pending address, the delete dialog", async () => {
    stubApi([
      ['/profile/me', ok(PERSON)],
      [
        '/profile/delete-preview/1',
        ok({ organizations: [{ id: 3, name: 'Команда', members_count: 2, has_other_members: false }] }),
      ],
    ]);
    renderWithProviders(<ProfileSettingsScreen homeHref="/" />);
    expect(await screen.findByText(/The new address is waiting for confirmation/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Profile settings' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Язык / Language' })).toBeTruthy();
    expect(cyrillicIn(document.body, USER_DATA)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('(2 members)')).toBeTruthy();
    expect(cyrillicIn(document.body, USER_DATA)).toEqual([]);
  });

  it("'Security': sessions, passkeys, notifications and linked accounts, dates in English", async () => {
    stubApi([
      [
        '/profile/sessions',
        page([
          {
            id: 1,
            created_at: at,
            last_used_at: at,
            ip: '203.0.113.5',
            user_agent: null,
            device: 'Chrome 142, Windows',
            is_desktop: false,
            application: null,
            scopes: [],
            current: true,
          },
          {
            id: 2,
            created_at: at,
            last_used_at: at,
            ip: null,
            user_agent: null,
            device: 'curl',
            is_desktop: true,
            application: 'CLI',
            scopes: ['read', 'write'],
            current: false,
          },
        ]),
      ],
      ['/profile/passkeys', page([{ id: 5, name: 'Рабочий ноутбук', created_at: at, last_used_at: null }])],
      ['/profile/security-settings', ok({ new_device_mail: true })],
      [
        '/profile/identities',
        ok([
          {
            id: 8,
            provider: 'yandex',
            organization: null,
            email: 'anna@yandex.ru',
            created_at: at,
            last_used_at: at,
            can_unlink: true,
          },
        ]),
      ],
      ['/site/sign-in', ok({ yandex_id: true })],
    ]);
    renderWithProviders(<SecurityScreen homeHref="/" />);
    expect(await screen.findByText('This device')).toBeTruthy();
    expect(await screen.findByText('Linked accounts')).toBeTruthy();
    expect(screen.getAllByText(/signed in Jan 31, 2026/).length).toBeGreaterThan(0);
    expect(screen.getByText(/added Jan 31, 2026 · not used yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End session: CLI' })).toBeTruthy();
    expect(cyrillicIn(document.body, USER_DATA)).toEqual([]);
  });

  it("'Sign in to an app': the request and its answer", async () => {
    stubApi([
      [
        '/oauth/device',
        ok({
          user_code: 'ABCD-EFGH',
          client_name: 'CLI',
          scopes: ['read'],
          scope_labels: ['Read'],
          ip: '203.0.113.5',
          user_agent: null,
          device: 'curl',
          created_at: at,
          expires_at: at,
        }),
      ],
      ['/oauth/device/decision', ok({ approved: true })],
    ]);
    renderWithProviders(<DeviceRoute />, { route: '/device?user_code=ABCD-EFGH' });
    expect(await screen.findByText('Requested from 203.0.113.5, curl. Code ABCD-EFGH.')).toBeTruthy();
    expect(cyrillicIn()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Sign-in allowed')).toBeTruthy();
    expect(cyrillicIn()).toEqual([]);
  });

  it('the header, menus and admin bar; not-found; sign-in success and a failed landing', async () => {
    stubApi([
      ['/profile/me', ok({ ...PERSON, is_admin: true })],
      [
        '/site/links',
        ok({ about_url: 'https://example.com', faq_url: null, support_url: 'mailto:help@example.com' }),
      ],
    ]);
    const { unmount } = renderWithProviders(<DefaultLayout />);
    expect(await screen.findByRole('link', { name: 'About' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Buy a subscription' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Profile menu/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Administration' })).toBeTruthy();
    expect(cyrillicIn(document.body, USER_DATA)).toEqual([]);
    unmount();

    renderWithProviders(<AdminLayout />);
    expect(await screen.findByRole('navigation', { name: 'Administration sections' })).toBeTruthy();
    expect(cyrillicIn(document.body, USER_DATA)).toEqual([]);
  });

  it('not-found, the sign-in success step with a key fingerprint, and a landing without its code', async () => {
    renderWithProviders(
      <>
        <NotFoundView />
        <SuccessStep
          result={{
            access_token: 't',
            code: 't',
            electronUrl: 'app://x',
            key_fingerprint: 'a1b2 c3d4 e5f6 0718',
          }}
          onEnterCabinet={() => {}}
          onOpenApp={() => {}}
          onCopyCode={() => {}}
        />
        <SignInLandingRoute />
      </>,
      { route: '/auth-app/landing' },
    );
    expect(await screen.findByText('Sign-in failed')).toBeTruthy();
    expect(screen.getByText('Oops! This page cannot be found')).toBeTruthy();
    expect(screen.getByText('You are signed in')).toBeTruthy();
    await waitFor(() => expect(cyrillicIn()).toEqual([]));
  });
});

describe("the profile's 'Язык / Language' (issue 32)", () => {
  it('saves the account language through profile/update and turns the page English', async () => {
    await setLocale('ru');
    let account: Profile = RUSSIAN_PERSON;
    const calls = stubApi([
      ['/profile/me', () => ok(account)],
      [
        '/profile/update/1',
        () => {
          account = { ...account, locale: 'en' };
          return ok({ name: PERSON.name, email: PERSON.email, pending_email: null, locale: 'en' });
        },
      ],
    ]);
    renderWithProviders(<ProfileSettingsScreen homeHref="/" />);
    await screen.findByRole('heading', { name: 'Настройки профиля' });
    await userEvent.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Profile settings' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([
      ['/api/v1/rest/profile/update/1', { locale: 'en' }],
    ]);
    expect(window.localStorage.getItem('cabinet.locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it("takes the account's language when the profile says it", async () => {
    await setLocale('ru');
    stubApi([['/profile/me', ok(PERSON)]]);
    renderWithProviders(<ProfileSettingsScreen homeHref="/" />);
    expect(await screen.findByRole('heading', { name: 'Profile settings' })).toBeTruthy();
    expect(window.localStorage.getItem('cabinet.locale')).toBe('en');
  });
});
