import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { jsonResponse, makeInvitation, makeProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { InviteRoute } from './invite-route';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const invitation = makeInvitation({ email: 'invitee@example.com' });

function renderLink(answers: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => answers(url)),
  );
  renderWithProviders(
    <Routes>
      <Route path="/invite/:token" element={<InviteRoute />} />
    </Routes>,
    { route: '/invite/tok-123' },
  );
}

describe('InviteRoute', () => {
  it('signed out: the invitation, then sign-in with the invited address filled in', async () => {
    renderLink(() => jsonResponse({ success: true, message: '', data: invitation }));
    expect(await screen.findByRole('heading', { name: 'Приглашение в организацию «Команда»' })).toBeTruthy();
    expect(screen.getByText(/Пригласил: Анна Петрова/)).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('invitee@example.com');
    expect(screen.getByRole('button', { name: 'Отправить код' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Принять' })).toBeNull();
  });

  it('a used link says so (410) with the server’s reason', async () => {
    renderLink(() =>
      jsonResponse(
        { success: false, message: 'Приглашение уже использовано', data: null, code: 'GONE' },
        410,
      ),
    );
    expect(await screen.findByText('Приглашение уже использовано')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Приглашение недоступно' })).toBeTruthy();
  });

  it('signed in with the invited address: Принять and Отклонить', async () => {
    session.signIn('tok');
    renderLink((url) =>
      url.includes('/profile/me')
        ? jsonResponse({ success: true, message: '', data: makeProfile({ email: 'invitee@example.com' }) })
        : jsonResponse({ success: true, message: '', data: invitation }),
    );
    expect(await screen.findByRole('button', { name: 'Принять' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отклонить' })).toBeTruthy();
  });

  it('signed in with another address: whom it is for, and a way to sign out', async () => {
    session.signIn('tok');
    renderLink((url) =>
      url.includes('/profile/me')
        ? jsonResponse({ success: true, message: '', data: makeProfile({ email: 'other@example.com' }) })
        : jsonResponse({ success: true, message: '', data: invitation }),
    );
    expect(await screen.findByText('Приглашение отправлено на другой адрес')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Выйти и войти с адресом invitee@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Принять' })).toBeNull();
  });
});
