import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicIn, inEnglish } from '@/test/english';
import { jsonResponse, makeInvitation, makeProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { HomeRoute } from './home-route';

/**
 * Home in English (issue 32): the greeting, the plan, 'Your organizations' and the three panels of what
 * waits for an answer, with no Cyrillic outside the user data they were given.
 */

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const list = (data: unknown[]) => ({
  success: true,
  message: '',
  data,
  meta: { page: 1, pages: 1, perPage: 100, total: data.length },
});
const PROFILE = makeProfile({ name: '', locale: 'en', subscribe_expires_at: '2027-01-31T10:00:00.000Z' });
const offer = {
  id: 9,
  organization_id: 3,
  from_user_id: 1,
  to_user_id: 2,
  status: 'pending',
  expires_at: '2025-01-08T00:00:00.000Z',
  organization: { id: 3, name: 'Мастерская' },
  from_user: { id: 1, name: 'Дарья', email: 'daria@example.com' },
};
const request = {
  id: 7,
  organization: { id: 5, name: 'Команда' },
  account: { id: 9, name: 'Борис Петров', email: 'boris@example.com', avatar_url: null },
  requested_by: null,
  created_at: '2026-11-01T10:00:00.000Z',
};
/** Names people and admins typed: user data, which stays as typed. */
const USER_DATA = [
  PROFILE.subscribe.name,
  'Мастерская',
  'Дарья',
  'Команда',
  'Борис Петров',
  'БП',
  'Анна Петрова',
];

/** Answers by the path's last words; `organizations` answers the list of organizations. */
function stubHome(organizations: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0] ?? '';
      if (path.endsWith('/profile/me')) return jsonResponse({ success: true, message: '', data: PROFILE });
      if (path.endsWith('/pending-users')) return jsonResponse(list([request]));
      if (path.endsWith('/transfers')) return jsonResponse(list([offer]));
      if (path.includes('invitations')) return jsonResponse(list([makeInvitation()]));
      if (path.includes('organizations')) return organizations();
      return jsonResponse({ success: true, message: '', data: null });
    }),
  );
}

describe('home in English (issue 32)', () => {
  it('greets, shows the plan, the organizations and what waits for an answer', async () => {
    stubHome(() => jsonResponse(list([])));
    renderWithProviders(<HomeRoute />);
    expect(await screen.findByRole('heading', { name: 'Hello!' })).toBeTruthy();
    expect(
      await screen.findByText('Add your name so that members of your organizations recognize you:'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'add a name' })).toBeTruthy();
    const badge = screen.getByTestId('home-plan-badge');
    expect(within(badge).getByText(/^.Базовый. plan$/)).toBeTruthy();
    expect(within(badge).getByText('until Jan 31, 2027')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your organizations' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add new' })).toBeTruthy();
    expect((await screen.findAllByText('Create your first organization')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('region', { name: 'Organization transfer' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Invitations' })).toBeTruthy();
    expect(await screen.findByText(/^to .Команда. · Nov 1, 2026$/)).toBeTruthy();
    await waitFor(() => expect(cyrillicIn(document.body, USER_DATA)).toEqual([]));
  });

  it('says the organizations failed to load, and logs it in English', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubHome(() => jsonResponse({ success: false, message: 'Too many requests' }, 429));
    renderWithProviders(<HomeRoute />);
    expect((await screen.findAllByText('Could not load the organizations')).length).toBeGreaterThan(0);
    expect(warn).toHaveBeenCalledWith('Could not load the list of organizations:', expect.anything());
    await waitFor(() => expect(cyrillicIn(document.body, USER_DATA)).toEqual([]));
    warn.mockRestore();
  });
});
