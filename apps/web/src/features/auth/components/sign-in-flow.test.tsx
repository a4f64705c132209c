import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
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
    expect(submit.disabled).toBe(true);

    await user.click(screen.getByRole('textbox', { name: 'Цифра 1 из 6' }));
    await user.keyboard('01234');
    expect(submit.disabled).toBe(true);
    await user.keyboard('5');
    expect(submit.disabled).toBe(false);

    await user.click(submit);

    expect(await screen.findByText('Авторизация прошла успешно')).toBeDefined();
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
    await user.click(screen.getByRole('button', { name: 'Авторизоваться' }));

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
    await user.click(screen.getByRole('button', { name: 'Авторизоваться' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Неверный код');
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
});
