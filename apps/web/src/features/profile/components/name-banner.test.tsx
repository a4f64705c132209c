import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { jsonResponse, makeProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { NAME_BANNER_TEXT, NameBanner } from './name-banner';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

/** profile/me answers the profile (its name as `name()` says); profile/update records what it got. */
function stubApi(initialName: string) {
  let name = initialName;
  const updates: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/profile/update/')) {
        const body = JSON.parse(String(init?.body));
        updates.push(body);
        name = body.name;
        return jsonResponse({
          success: true,
          message: 'Данные пользователя обновлены',
          data: { name, email: 'a@example.com', pending_email: null },
        });
      }
      return jsonResponse({ success: true, message: '', data: makeProfile({ name }) });
    }),
  );
  return updates;
}

describe('NameBanner (issue 16, first run)', () => {
  it('asks an account without a name for one, with the spec rules, and goes once it is saved', async () => {
    session.signIn('tok');
    const updates = stubApi('');
    renderWithProviders(<NameBanner />);
    expect(await screen.findByText(NAME_BANNER_TEXT)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Имя'), 'А');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить имя' }));
    expect(screen.getByText('Имя должно содержать минимум 2 символа')).toBeTruthy();
    expect(updates).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Имя'), 'нна ');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить имя' }));
    await waitFor(() => expect(updates).toEqual([{ name: 'Анна' }]));
    await waitFor(() => expect(screen.queryByText(NAME_BANNER_TEXT)).toBeNull());
  });

  it('is not shown to an account with a name, and can be closed', async () => {
    session.signIn('tok');
    stubApi('Анна');
    const named = renderWithProviders(<NameBanner />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NAME_BANNER_TEXT)).toBeNull();
    named.unmount();

    stubApi('');
    renderWithProviders(<NameBanner />);
    await screen.findByText(NAME_BANNER_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Скрыть до следующего входа' }));
    expect(screen.queryByText(NAME_BANNER_TEXT)).toBeNull();
  });
});
