import type { LinkedIdentity } from '@cabinet/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSignInOptions } from '@/lib/sign-in-options';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { IdentitiesPanel } from './identities-panel';

// 'Связанные аккаунты' in 'Безопасность' (issue 30, decision 0284).

// What the server says, per test (the real loader keeps its answer for the page's life).
vi.mock('@/lib/sign-in-options', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/sign-in-options')>()),
  loadSignInOptions: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const yandexIdentity: LinkedIdentity = {
  id: 5,
  provider: 'yandex',
  organization: null,
  email: 'anna@yandex.ru',
  created_at: '2026-12-01T10:00:00.000Z',
  last_used_at: '2026-12-02T11:30:00.000Z',
  can_unlink: true,
};
const ssoIdentity: LinkedIdentity = {
  id: 6,
  provider: 'sso',
  organization: { id: 3, name: 'Рога и копыта' },
  email: 'anna@corp.example',
  created_at: '2026-12-01T10:00:00.000Z',
  last_used_at: null,
  can_unlink: false,
};

function stubApi(identities: LinkedIdentity[], yandexId: boolean) {
  vi.mocked(loadSignInOptions).mockResolvedValue({ yandex_id: yandexId });
  const calls: string[] = [];
  let list = identities;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'DELETE') {
        list = list.filter((i) => !url.endsWith(`/${i.id}`));
        return jsonResponse({ success: true, message: 'Яндекс ID отвязан', data: null });
      }
      if (method === 'POST')
        return jsonResponse({
          success: true,
          message: '',
          data: { url: 'https://oauth.yandex.ru/authorize?x=1' },
        });
      return jsonResponse({ success: true, message: '', data: list });
    }),
  );
  return calls;
}

describe('IdentitiesPanel', () => {
  it("lists Yandex ID and an organization's single sign-on; only Yandex ID can be unlinked, after a confirmation", async () => {
    const calls = stubApi([yandexIdentity, ssoIdentity], true);
    renderWithProviders(<IdentitiesPanel />);
    const region = await screen.findByRole('region', { name: 'Связанные аккаунты' });
    expect(within(region).getByText('Яндекс ID')).toBeTruthy();
    expect(within(region).getByText('Единый вход: Рога и копыта')).toBeTruthy();
    expect(within(region).getByText(/ещё не использовался/)).toBeTruthy();
    // Linked already: nothing more to link.
    expect(within(region).queryByRole('button', { name: 'Привязать Яндекс ID' })).toBeNull();
    const buttons = within(region).getAllByRole('button', { name: /^Отвязать/ });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Отвязать Яндекс ID?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отвязать' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/v1/rest/profile/identities/5'));
    await waitFor(() => expect(within(region).queryByText('Яндекс ID')).toBeNull());
  });

  it("offers 'Привязать Яндекс ID' where the installation has it, and goes to Yandex", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = stubApi([], true);
    renderWithProviders(<IdentitiesPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Привязать Яндекс ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://oauth.yandex.ru/authorize?x=1'));
    expect(calls).toContain('POST /api/v1/rest/profile/identities/yandex');
  });

  it('says so once back from linking, and takes the mark out of the address', async () => {
    stubApi([yandexIdentity], true);
    const { router } = renderWithProviders(<IdentitiesPanel />, {
      route: '/settings/security?linked=yandex',
    });
    expect((await screen.findByRole('status')).textContent).toContain('Яндекс ID привязан');
    expect(router.state.location.search).toBe('');
  });

  it('shows nothing on an installation without Yandex ID to an account with no links', async () => {
    const calls = stubApi([], false);
    renderWithProviders(<IdentitiesPanel />);
    await waitFor(() => expect(calls).toEqual(['GET /api/v1/rest/profile/identities']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Связанные аккаунты' })).toBeNull();
  });
});
