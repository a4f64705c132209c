import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SignInFlow, type SsoChoice } from './sign-in-flow';

// Issue 30: an address whose domain signs in through its organization's SSO is offered 'Войти через …'
// first; the code stays available unless the organization allows only SSO.

const codeSent = { success: true, message: 'Код отправлен на почту', data: null };

function renderFlow(discover: (email: string) => Promise<SsoChoice | null>) {
  const fetchMock = vi.fn(async () => jsonResponse(codeSent));
  vi.stubGlobal('fetch', fetchMock);
  const discoverSso = vi.fn(discover);
  const user = userEvent.setup();
  renderWithProviders(
    <SignInFlow
      loginKey="web"
      discoverSso={discoverSso}
      renderSsoOffer={(choice) => <a href={choice.url}>Войти через {choice.name}</a>}
      onAuthenticated={vi.fn()}
      onEnterCabinet={vi.fn()}
      onOpenApp={vi.fn()}
      onCopyCode={vi.fn()}
    />,
    { route: '/auth-app' },
  );
  return { user, fetchMock, discoverSso };
}

const acme: SsoChoice = { name: 'Acme ID', url: '/api/v1/auth/sso/start?organization_id=7', onlySso: false };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignInFlow with SSO', () => {
  it('offers the organization’s sign-in first and mails no code until asked', async () => {
    const { user, fetchMock, discoverSso } = renderFlow(async () => acme);
    await user.type(screen.getByLabelText('Email'), 'ivan@acme.ru');
    await user.click(screen.getByRole('button', { name: 'Отправить код' }));

    const offer = await screen.findByRole('link', { name: 'Войти через Acme ID' });
    expect(offer.getAttribute('href')).toBe(acme.url);
    expect(discoverSso).toHaveBeenCalledWith('ivan@acme.ru');
    expect(fetchMock).not.toHaveBeenCalled();

    // The code stays: pressed now, it is mailed, and the address is not asked about again.
    await user.click(screen.getByRole('button', { name: 'Отправить код' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(discoverSso).toHaveBeenCalledTimes(1);
  });

  it('only SSO: no code is offered', async () => {
    const { user, fetchMock } = renderFlow(async () => ({ ...acme, onlySso: true }));
    await user.type(screen.getByLabelText('Email'), 'ivan@acme.ru');
    await user.click(screen.getByRole('button', { name: 'Отправить код' }));
    await screen.findByRole('link', { name: 'Войти через Acme ID' });
    expect(screen.queryByRole('button', { name: 'Отправить код' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('another address drops the offer; an address without SSO (or a failed question) gets its code', async () => {
    const { user, fetchMock, discoverSso } = renderFlow(async (email) => {
      if (email.endsWith('@acme.ru')) return acme;
      if (email.startsWith('broken')) throw new Error('offline');
      return null;
    });
    const field = screen.getByLabelText('Email');
    await user.type(field, 'ivan@acme.ru');
    await user.click(screen.getByRole('button', { name: 'Отправить код' }));
    await screen.findByRole('link', { name: 'Войти через Acme ID' });

    await user.clear(field);
    expect(screen.queryByRole('link', { name: 'Войти через Acme ID' })).toBeNull();
    await user.type(field, 'broken@mail.ru');
    await user.click(screen.getByRole('button', { name: 'Отправить код' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(discoverSso).toHaveBeenLastCalledWith('broken@mail.ru');
    expect(await screen.findByText('Код действует 10 минут.')).toBeDefined();
  });
});
