import type { SsoSettings } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SsoLanding } from './sso-landing';
import { SsoSection } from './sso-section';
import { SsoSignInOffer } from './sso-sign-in-offer';

inEnglish();
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const settings: SsoSettings = {
  organization_id: 7,
  configured: true,
  issuer: 'https://sso.acme.example/realms/acme',
  client_id: 'cabinet',
  client_secret_set: true,
  display_name: '',
  enabled: true,
  enforce: false,
  default_type_id: 2,
  tested_at: null,
  available: true,
  unavailable_reason: null,
  callback_url: 'https://cabinet.acme.example/api/v1/auth/sso/callback',
};

describe('single sign-on in English (issue 32)', () => {
  it("shows the organization's settings and a test's outcome", async () => {
    window.history.replaceState(null, '', '/#sso_test=client');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true, message: '', data: settings })),
    );
    renderWithProviders(<SsoSection organizationId={7} />);
    expect(await screen.findByLabelText('Redirect URI')).toBeTruthy();
    expect(screen.getByText('Check failed')).toBeTruthy();
    expect(
      screen.getByText('The identity provider did not accept the client_id or the client secret.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save SSO settings' })).toBeTruthy();
    expect(screen.getByDisplayValue('Member')).toBeTruthy();
    // The form's 'Отмена' and its save hint belong to components/form-frame.
    expect(
      cyrillicWordsIn(document.body.textContent ?? '', ['Отмена', 'Нет изменений для сохранения']),
    ).toEqual([]);
  });

  it("offers the organization's sign-in and says why a landing failed", async () => {
    window.history.replaceState(null, '', '/#error=denied');
    renderWithProviders(
      <>
        <SsoSignInOffer
          choice={{ name: 'Acme', url: '/api/v1/auth/sso/start?organization_id=3', onlySso: true }}
          loginKey="web"
        />
        <SsoLanding signInHref="/sign-in" onSignedIn={() => {}} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Sign in with Acme' })).toBeTruthy();
    expect(
      await screen.findByText('The sign-in was cancelled on the identity provider’s page.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });
});
