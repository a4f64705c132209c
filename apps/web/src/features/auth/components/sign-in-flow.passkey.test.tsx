import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HERE_KEY } from '@/lib/session';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SignInFlow } from './sign-in-flow';

// The browser's side of WebAuthn is the browser's (Playwright drives a real one, e2e/security.spec.ts);
// here the library stands in for it, so the flow's own steps can be seen.
const browser = vi.hoisted(() => ({
  autofill: false,
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthnAutofill: async () => browser.autofill,
  startAuthentication: browser.startAuthentication,
}));

const options = { challenge: 'c2FsdA', rpId: 'localhost', timeout: 300000, userVerification: 'required' };
const assertion = {
  id: 'aWQ',
  rawId: 'aWQ',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dQ' },
};
const loginResult = {
  access_token: 'tok',
  code: 'tok',
  electronUrl: 'insomnia://app/auth/finish?box=tok',
  key_fingerprint: null,
};

function stubApi(verify: { status: number; body: unknown }) {
  // The flow offers passkeys where the browser has WebAuthn, as the library checks it.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      if (String(url).endsWith('/login/options'))
        return jsonResponse({ success: true, message: '', data: options });
      return jsonResponse(verify.body, verify.status);
    }),
  );
  return sent;
}

function renderFlow(loginKey = 'web') {
  const props = {
    loginKey,
    onAuthenticated: vi.fn(),
    onEnterCabinet: vi.fn(),
    onOpenApp: vi.fn(),
    onCopyCode: vi.fn(),
  };
  renderWithProviders(<SignInFlow {...props} />, { route: '/auth-app' });
  return props;
}

afterEach(() => {
  vi.unstubAllGlobals();
  browser.startAuthentication.mockReset();
  browser.autofill = false;
  window.localStorage.removeItem(SIGNED_IN_HERE_KEY);
});

describe('SignInFlow with a passkey', () => {
  it("signs in with 'Войти с ключом доступа', sending the window's loginKey", async () => {
    const sent = stubApi({
      status: 200,
      body: { success: true, message: 'Авторизация прошла успешно', data: loginResult },
    });
    browser.startAuthentication.mockResolvedValue(assertion);
    const props = renderFlow('desktop-key');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email webauthn');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Войти с ключом доступа' }));

    expect(await screen.findByText('Авторизация прошла успешно')).toBeDefined();
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: options,
      useBrowserAutofill: false,
    });
    expect(sent.map((s) => s.url)).toEqual([
      '/api/v1/auth/passkey/login/options',
      '/api/v1/auth/passkey/login/verify',
    ]);
    expect(sent[1]!.body).toEqual({ response: assertion, loginKey: 'desktop-key' });
    expect(props.onAuthenticated).toHaveBeenCalledWith(loginResult);
  });

  it("shows the server's refusal in place, and the code stays available", async () => {
    stubApi({
      status: 403,
      body: {
        success: false,
        message: 'Учётная запись заблокирована. Обратитесь к администратору.',
        data: null,
        code: 'FORBIDDEN',
      },
    });
    browser.startAuthentication.mockResolvedValue(assertion);
    renderFlow();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Войти с ключом доступа' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Учётная запись заблокирована. Обратитесь к администратору.',
    );
    expect(screen.getByRole('button', { name: 'Отправить код' })).toBeDefined();
  });

  it('says so when the person cancels the browser dialog', async () => {
    stubApi({ status: 200, body: {} });
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    renderFlow();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Войти с ключом доступа' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Действие с ключом доступа отменено или время ожидания истекло',
    );
  });

  it("offers the passkeys in the e-mail field's autofill when the browser can", async () => {
    browser.autofill = true;
    // A browser the cabinet has been signed in before: the offer starts with the step (decision 0291).
    window.localStorage.setItem(SIGNED_IN_HERE_KEY, '1');
    const sent = stubApi({ status: 200, body: { success: true, message: '', data: loginResult } });
    browser.startAuthentication.mockResolvedValue(assertion);
    const props = renderFlow();
    // The ceremony's modules load when it starts (decision 0111): the first load in a test takes a while.
    await waitFor(
      () =>
        expect(browser.startAuthentication).toHaveBeenCalledWith({
          optionsJSON: options,
          useBrowserAutofill: true,
        }),
      { timeout: 10_000 },
    );
    expect(await screen.findByText('Авторизация прошла успешно')).toBeDefined();
    expect(sent[1]!.body).toEqual({ response: assertion, loginKey: 'web' });
    expect(props.onAuthenticated).toHaveBeenCalledWith(loginResult);
  });

  it('in a browser new to the cabinet, starts the autofill with the first typing in the e-mail form', async () => {
    browser.autofill = true;
    const sent = stubApi({ status: 200, body: { success: true, message: '', data: loginResult } });
    // The person does not pick a passkey: the offer stays open while they type.
    browser.startAuthentication.mockReturnValue(new Promise(() => {}));
    renderFlow();
    await screen.findByRole('button', { name: 'Войти с ключом доступа' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toEqual([]);

    const field = screen.getByLabelText<HTMLInputElement>('Email');
    await userEvent.setup().type(field, 'ab');
    await waitFor(
      () =>
        expect(browser.startAuthentication).toHaveBeenCalledWith({
          optionsJSON: options,
          useBrowserAutofill: true,
        }),
      { timeout: 10_000 },
    );
    // Starting it re-renders the step: nothing typed may be lost to it.
    expect(field.value).toBe('ab');
  });
});
