import { LOGIN_CODE_BURNED_MESSAGE } from '@cabinet/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { loadDeviceToken } from '../lib/device-token';
import { SignInFlow } from './sign-in-flow';

type Answer = { body: unknown; status?: number };

/** Answers the login calls in order and records what the flow sent. */
function stubLogin(...answers: Answer[]) {
  const sent: unknown[] = [];
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected call');
    return jsonResponse(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}

const codeSent: Answer = { body: { success: true, message: 'Код отправлен на почту', data: null } };
const loginResult = {
  access_token: 'tok',
  code: 'tok',
  electronUrl: 'insomnia://app/auth/finish?box=tok',
  key_fingerprint: null,
};

function renderFlow() {
  const props = {
    loginKey: 'web',
    onAuthenticated: vi.fn(),
    onEnterCabinet: vi.fn(),
    onOpenApp: vi.fn(),
    onCopyCode: vi.fn(),
  };
  const user = userEvent.setup();
  renderWithProviders(<SignInFlow {...props} />, { route: '/auth-app' });
  return { user, props };
}

async function submitEmail(user: ReturnType<typeof userEvent.setup>, email = 'anna@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Отправить код' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignInFlow', () => {
  it('shows the first message of the errors list in red when the first call fails', async () => {
    stubLogin({
      status: 400,
      body: {
        success: false,
        message: 'Проверьте данные',
        data: null,
        code: 'VALIDATION',
        errors: { email: ['Такой адрес не принимается'] },
      },
    });
    const { user } = renderFlow();

    await submitEmail(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Такой адрес не принимается');
    expect(screen.getByLabelText('Email')).toBeDefined();
  });

  it('shows the message when the failure has no errors list', async () => {
    stubLogin({
      status: 429,
      body: { success: false, message: 'Слишком много попыток', data: null, code: 'RATE_LIMITED' },
    });
    const { user } = renderFlow();

    await submitEmail(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много попыток');
  });

  it('goes to the code step, sends the code as a number and reaches success', async () => {
    const { sent } = stubLogin(codeSent, {
      body: { success: true, message: 'Вход выполнен', data: loginResult },
    });
    const { user, props } = renderFlow();

    await submitEmail(user, '  Anna@Example.com ');

    expect(await screen.findByText('Код отправлен на почту')).toBeDefined();
    expect(sent[0]).toEqual({ loginKey: 'web', email: 'Anna@Example.com' });

    const submit = screen.getByRole('button', { name: 'Авторизоваться' }) as HTMLButtonElement;
    // Not ready, and says why (decision 0165).
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Введите все 6 цифр кода')).toBeDefined();

    await user.click(screen.getByRole('textbox', { name: 'Цифра 1 из 6' }));
    await user.keyboard('01234');
    expect(sent).toHaveLength(1);
    // The sixth digit sends the code by itself (issue 16).
    await user.keyboard('5');

    expect(await screen.findByText('Авторизация прошла успешно')).toBeDefined();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ loginKey: 'web', email: 'Anna@Example.com', code: 12345 });
    expect(typeof (sent[1] as { code: unknown }).code).toBe('number');
    expect(props.onAuthenticated).toHaveBeenCalledWith(loginResult);

    await user.click(screen.getByRole('button', { name: 'Войти в личный кабинет' }));
    await user.click(screen.getByRole('button', { name: 'Открыть приложение' }));
    await user.click(screen.getByRole('button', { name: 'Скопировать токен' }));
    expect(props.onEnterCabinet).toHaveBeenCalled();
    expect(props.onOpenApp).toHaveBeenCalledWith(loginResult.electronUrl);
    expect(props.onCopyCode).toHaveBeenCalledWith('tok');
    // The web's own loginKey has no key to compare.
    expect(screen.queryByText(/Отпечаток ключа приложения/)).toBeNull();
  });

  it('shows the fingerprint of the desktop key the box was sealed to, to compare with the app', async () => {
    const desktopResult = {
      access_token: 'tok',
      code: 'sealed-box',
      electronUrl: 'insomnia://app/auth/finish?box=sealed-box',
      key_fingerprint: 'a1b2 c3d4 e5f6 0718',
    };
    stubLogin(codeSent, { body: { success: true, message: 'Вход выполнен', data: desktopResult } });
    const { user } = renderFlow();
    await submitEmail(user);
    await user.click(await screen.findByRole('textbox', { name: 'Цифра 1 из 6' }));
    await user.paste('123456');

    const line = await screen.findByText(/Отпечаток ключа приложения:/);
    expect(line.textContent).toBe('Отпечаток ключа приложения: a1b2 c3d4 e5f6 0718');
    expect(screen.getByText(/Сверьте его с отпечатком, который показывает приложение/)).toBeDefined();
  });

  it('shows the message of a failed second call and stays on the code step', async () => {
    stubLogin(codeSent, {
      status: 401,
      body: { success: false, message: 'Неверный код', data: null, code: 'UNAUTHORIZED' },
    });
    const onUnauthorized = vi.fn();
    const user = userEvent.setup();
    const props = {
      loginKey: 'web',
      onAuthenticated: vi.fn(),
      onEnterCabinet: vi.fn(),
      onOpenApp: vi.fn(),
      onCopyCode: vi.fn(),
    };
    renderWithProviders(<SignInFlow {...props} />, { onUnauthorized });

    await submitEmail(user);
    await user.click(await screen.findByRole('textbox', { name: 'Цифра 1 из 6' }));
    await user.paste('999999');

    expect((await screen.findByRole('alert')).textContent).toBe('Неверный код');
    // The refused code is cleared and the first box has the focus again (issue 16).
    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    await waitFor(() => expect(document.activeElement).toBe(boxes[0]));
    expect(boxes.map((box) => box.value).join('')).toBe('');
    // A wrong code is not a lost session: the 401 rule must not fire here.
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(props.onAuthenticated).not.toHaveBeenCalled();
  });

  it('sends a new code on request and can go back to the e-mail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    try {
      const { sent } = stubLogin(codeSent, codeSent);
      const { user } = renderFlow();
      await submitEmail(user);

      const resend = (await screen.findByRole('button', {
        name: 'Отправить код повторно',
      })) as HTMLButtonElement;
      expect(resend.disabled).toBe(true);

      vi.setSystemTime(Date.now() + 61_000);
      await waitFor(() => expect(resend.disabled).toBe(false), { timeout: 2000 });
      await user.click(resend);
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]).toEqual({ loginKey: 'web', email: 'anna@example.com' });

      await user.click(screen.getByRole('button', { name: /Изменить email/ }));
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.com');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the resend countdown after the code was burned by wrong tries (decision 0183)', async () => {
    stubLogin(codeSent, {
      status: 400,
      body: { success: false, message: LOGIN_CODE_BURNED_MESSAGE, data: null, code: 'VALIDATION' },
    });
    const { user } = renderFlow();
    await submitEmail(user);
    const resend = (await screen.findByRole('button', {
      name: 'Отправить код повторно',
    })) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    await user.click(screen.getByRole('textbox', { name: 'Цифра 1 из 6' }));
    await user.paste('111111');
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_CODE_BURNED_MESSAGE);
    // Still the minute's wait: the server would refuse a new code before it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resend.disabled).toBe(true);
  });

  it('keeps the device token of a code sign-in and sends it on later sign-ins to that address (decision 0182)', async () => {
    const first = stubLogin(codeSent, {
      body: { success: true, message: 'Вход выполнен', data: { ...loginResult, device_token: 'dev-1' } },
    });
    const { user } = renderFlow();
    await submitEmail(user, 'Anna@Example.com');
    await user.click(await screen.findByRole('textbox', { name: 'Цифра 1 из 6' }));
    await user.paste('123456');
    expect(await screen.findByText('Авторизация прошла успешно')).toBeDefined();
    expect(first.sent[1]).toEqual({ loginKey: 'web', email: 'Anna@Example.com', code: 123456 });
    cleanup();
    window.sessionStorage.clear();

    try {
      const later = stubLogin(codeSent, {
        body: { success: true, message: 'Вход выполнен', data: { ...loginResult, device_token: 'dev-2' } },
      });
      const again = renderFlow();
      await submitEmail(again.user, ' anna@example.com');
      await again.user.click(await screen.findByRole('textbox', { name: 'Цифра 1 из 6' }));
      await again.user.paste('654321');
      expect(await screen.findByText('Авторизация прошла успешно')).toBeDefined();
      expect(later.sent[0]).toEqual({ loginKey: 'web', email: 'anna@example.com', device_token: 'dev-1' });
      expect(later.sent[1]).toEqual({
        loginKey: 'web',
        email: 'anna@example.com',
        code: 654321,
        device_token: 'dev-1',
      });
      // The new token replaces the old one; another address gets none.
      expect(loadDeviceToken('ANNA@example.com')).toBe('dev-2');
      expect(loadDeviceToken('boris@example.com')).toBeUndefined();
    } finally {
      window.localStorage.clear();
    }
  });

  it('comes back to the code step of the same address after a reload; not for another window', async () => {
    stubLogin(codeSent);
    const first = renderFlow();
    await submitEmail(first.user);
    expect(await screen.findByText('Код отправлен на почту')).toBeDefined();
    cleanup();

    // The same tab loads the page again: no new code is asked for.
    const fetchMock = stubLogin().fetchMock;
    renderFlow();
    expect(screen.getByText('Введите код полученный в письме')).toBeDefined();
    expect(screen.getByText('Код отправлен на почту')).toBeDefined();
    expect(screen.getByText(/anna@example\.com/)).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
    cleanup();

    // A desktop app's sign-in (another loginKey) starts from the e-mail.
    renderWithProviders(
      <SignInFlow
        loginKey="desktop-key"
        onAuthenticated={vi.fn()}
        onEnterCabinet={vi.fn()}
        onOpenApp={vi.fn()}
        onCopyCode={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Email')).toBeDefined();
  });

  it("offers 'У меня уже есть код' when a code went to the address moments ago", async () => {
    stubLogin({
      status: 429,
      body: {
        success: false,
        message: 'Новый код можно запросить через 42 с',
        data: null,
        code: 'RATE_LIMITED',
      },
    });
    const { user } = renderFlow();
    await submitEmail(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Новый код можно запросить через 42 с');
    await user.click(screen.getByRole('button', { name: 'У меня уже есть код' }));
    expect(screen.getByText('Введите код полученный в письме')).toBeDefined();
    expect(screen.getByText(/anna@example\.com/)).toBeDefined();
  });

  it("'Авторизоваться' pressed before the code sends itself sends it once", async () => {
    const { sent } = stubLogin(codeSent, {
      body: { success: true, message: 'Вход выполнен', data: loginResult },
    });
    const { user } = renderFlow();
    await submitEmail(user);
    await user.click(await screen.findByRole('textbox', { name: 'Цифра 1 из 6' }));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Авторизоваться' }));
    expect(await screen.findByText('Авторизация прошла успешно')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sent).toHaveLength(2);
  });
});
