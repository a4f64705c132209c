import type { SsoSettings } from '@cabinet/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SsoSection } from './sso-section';

// Issue 30: 'Единый вход (SSO)' on an organization's page.

const settings = (over: Partial<SsoSettings> = {}): SsoSettings => ({
  organization_id: 7,
  configured: true,
  issuer: 'https://sso.acme.ru/realms/acme',
  client_id: 'cabinet',
  client_secret_set: true,
  display_name: '',
  enabled: true,
  enforce: false,
  default_type_id: 2,
  tested_at: '2026-12-07T10:00:00.000Z',
  available: true,
  unavailable_reason: null,
  callback_url: 'https://cabinet.acme.ru/api/v1/auth/sso/callback',
  ...over,
});

/** Answers GET with `current`, PUT with what was sent; records the PUT bodies. */
function stubApi(current: SsoSettings) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({ success: true, message: 'Настройки единого входа сохранены', data: current });
      }
      return jsonResponse({ success: true, message: '', data: current });
    }),
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('SsoSection', () => {
  it('shows the redirect URI to register and the connection, never a secret', async () => {
    stubApi(settings());
    renderWithProviders(<SsoSection organizationId={7} />);
    const callback = await screen.findByLabelText('Адрес возврата (redirect URI)');
    expect((callback as HTMLInputElement).value).toBe('https://cabinet.acme.ru/api/v1/auth/sso/callback');
    expect(screen.getByRole('button', { name: 'Копировать' })).toBeDefined();
    expect((screen.getByLabelText(/^Секрет клиента/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Включён')).toBeDefined();
  });

  it('asks before “Только через SSO”, saying what it ends; the secret left empty is not sent', async () => {
    const sent = stubApi(settings());
    const user = userEvent.setup();
    renderWithProviders(<SsoSection organizationId={7} />);
    await user.click(await screen.findByRole('switch', { name: /^Только через SSO/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Разрешить вход только через SSO?' });
    expect(dialog.textContent).toMatch(/токены доступа будут отозваны/);
    await user.click(screen.getByRole('button', { name: 'Только через SSO' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить настройки SSO' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      issuer: 'https://sso.acme.ru/realms/acme',
      client_id: 'cabinet',
      display_name: '',
      enabled: true,
      enforce: true,
      default_type_id: 2,
    });
  });

  it('says why it does nothing on a plan without SSO, and the outcome of a test the callback left', async () => {
    stubApi(settings({ available: false, unavailable_reason: 'Тариф владельца не включает SSO' }));
    window.history.replaceState(null, '', '/app/x#sso_test=ok&in_domain=0');
    renderWithProviders(<SsoSection organizationId={7} />);
    expect((await screen.findAllByText('Тариф владельца не включает SSO')).length).toBeGreaterThan(0);
    expect(screen.getByRole('status').textContent).toMatch(/не входит в подтверждённые домены/);
    expect(window.location.hash).toBe('');
  });
});
