import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ProfileSettingsScreen } from './profile-settings-screen';

afterEach(() => vi.unstubAllGlobals());

type Call = { method: string; url: string; body: unknown };

/** A fake server: profile/me answers `profile()`, writes answer `write(call)`; every call is recorded. */
function stubServer(profile: () => ReturnType<typeof makeProfile>, write: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.method === 'GET') return jsonResponse({ success: true, message: '', data: profile() });
      return write(call);
    }),
  );
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('ProfileSettingsScreen: a new e-mail waits for its code (decision 0085)', () => {
  it('shows the pending address, says the old one stays, and confirms the code', async () => {
    let profile = makeProfile({ pending_email: 'new@example.com' });
    const calls = stubServer(
      () => profile,
      () => {
        profile = makeProfile({ email: 'new@example.com', pending_email: null });
        return jsonResponse({
          success: true,
          message: 'Адрес эл. почты изменён',
          data: { name: profile.name, email: 'new@example.com', pending_email: null },
        });
      },
    );
    renderWithProviders(<ProfileSettingsScreen homeHref="/" />);

    expect(await screen.findByText('new@example.com')).toBeTruthy();
    expect(screen.getByText(/Новый адрес ожидает подтверждения:/)).toBeTruthy();
    expect(screen.getByText(/вход и письма остаются на прежнем адресе/)).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Код из письма' });
    fireEvent.change(code, { target: { value: '12' } });
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Код должен состоять из 6 цифр')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    fireEvent.change(code, { target: { value: '012345' } });
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Адрес эл. почты изменён')).toBeTruthy();
    expect(writes(calls)).toEqual([
      { method: 'POST', url: '/api/v1/rest/profile/confirm-email', body: { code: '012345' } },
    ]);
    await waitFor(() => expect(screen.queryByText(/Новый адрес ожидает подтверждения/)).toBeNull());
  });

  it('shows the server’s reason for a wrong code', async () => {
    stubServer(
      () => makeProfile({ pending_email: 'new@example.com' }),
      () => jsonResponse({ success: false, message: 'Неверный код. Осталось попыток: 4', data: null }, 400),
    );
    renderWithProviders(<ProfileSettingsScreen homeHref="/" />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Код из письма' }), {
      target: { value: '111111' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Неверный код. Осталось попыток: 4')).toBeTruthy();
  });

  it('says a wrong code under its field, keeps it, and toasts nothing (issue 34, rule 5)', async () => {
    const wrong = 'Неверный код. Осталось попыток: 4';
    stubServer(
      () => makeProfile({ pending_email: 'new@example.com' }),
      () => jsonResponse({ success: false, message: wrong, data: null, errors: { code: [wrong] } }, 400),
    );
    renderWithProviders(<ProfileSettingsScreen homeHref="/" />);
    const code = await screen.findByRole('textbox', { name: 'Код из письма' });
    fireEvent.change(code, { target: { value: '111111' } });
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(code.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
    expect(described?.textContent).toBe(wrong);
    expect((code as HTMLInputElement).value).toBe('111111');
    expect(screen.getAllByText(wrong)).toHaveLength(1);
  });

  it('sends a new address only when it changed; cancel and resend send the current and the pending one', async () => {
    const ok = (message: string) =>
      jsonResponse({
        success: true,
        message,
        data: { name: 'Анна Петрова', email: 'anna@example.com', pending_email: 'new@example.com' },
      });
    const calls = stubServer(
      () => makeProfile({ pending_email: 'new@example.com' }),
      () => ok('Данные пользователя обновлены'),
    );
    renderWithProviders(<ProfileSettingsScreen homeHref="/" />);
    const name = await screen.findByRole('textbox', { name: /Имя/ });
    fireEvent.change(name, { target: { value: 'Анна Иванова' } });
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    // A name-only save leaves the pending change alone.
    expect(writes(calls)[0]).toEqual({
      method: 'PUT',
      url: '/api/v1/rest/profile/update/1',
      body: { name: 'Анна Иванова' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    await userEvent.click(screen.getByRole('button', { name: 'Отменить смену адреса' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(
      writes(calls)
        .slice(1)
        .map((c) => c.body),
    ).toEqual([{ email: 'new@example.com' }, { email: 'anna@example.com' }]);
  });

  it('after saving a new e-mail the toast sends the user to the new mailbox', async () => {
    const message =
      'Данные пользователя обновлены. Чтобы сменить эл. почту, введите код из письма, отправленного на other@example.com. До этого действует прежний адрес.';
    const calls = stubServer(
      () => makeProfile(),
      () =>
        jsonResponse({
          success: true,
          message,
          data: { name: 'Анна Петрова', email: 'anna@example.com', pending_email: 'other@example.com' },
        }),
    );
    renderWithProviders(<ProfileSettingsScreen homeHref="/" />);
    const email = await screen.findByRole('textbox', { name: /Email/ });
    fireEvent.change(email, { target: { value: 'Other@Example.com' } });
    expect(screen.getByText(/На новый адрес придёт код подтверждения/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(writes(calls)[0]?.body).toEqual({ name: 'Анна Петрова', email: 'other@example.com' });
  });
});
