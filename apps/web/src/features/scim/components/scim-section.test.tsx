import type { ScimTokenStatus } from '@cabinet/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ScimSection } from './scim-section';

afterEach(() => vi.unstubAllGlobals());

const NONE: ScimTokenStatus = {
  exists: false,
  prefix: null,
  created_at: null,
  last_used_at: null,
  available: true,
  unavailable_reason: null,
  base_url: 'https://cabinet.example.com/scim/v2',
};
const EXISTING: ScimTokenStatus = {
  ...NONE,
  exists: true,
  prefix: 'cab_scim_AbCd',
  created_at: '2026-12-01T10:00:00.000Z',
  last_used_at: '2026-12-05T08:30:00.000Z',
};
const TOKEN = `cab_scim_AbCd${'x'.repeat(36)}`;

/** GET answers `status`; POST answers a new token (and `after` from then on). */
function serve(status: ScimTokenStatus, after: ScimTokenStatus = EXISTING) {
  let current = status;
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      current = after;
      return jsonResponse(
        { success: true, message: 'Токен SCIM создан', data: { ...after, token: TOKEN } },
        201,
      );
    }
    return jsonResponse({ success: true, message: '', data: current });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('ScimSection', () => {
  it('shows the base URL, no token yet, and makes one shown once with its copy button', async () => {
    const fetchMock = serve(NONE);
    renderWithProviders(<ScimSection organizationId={7} />);
    expect(await screen.findByDisplayValue('https://cabinet.example.com/scim/v2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Адрес SCIM: скопировать' })).toBeTruthy();
    expect(screen.getByText('Токена ещё нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Создать токен' }));
    const dialog = await screen.findByRole('dialog', { name: 'Токен SCIM создан' });
    expect(within(dialog).getByText(TOKEN)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Токен SCIM: скопировать' })).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(1);
    expect(String(posts(fetchMock)[0]?.[0])).toBe('/api/v1/rest/organizations/7/scim-token');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(screen.queryByText(TOKEN)).toBeNull());
    // The token is not shown again: only its prefix and its dates.
    expect(await screen.findByText('cab_scim_AbCd…')).toBeTruthy();
  });

  it("'Заменить токен' asks first; 'Отмена' replaces nothing", async () => {
    const fetchMock = serve(EXISTING);
    renderWithProviders(<ScimSection organizationId={7} />);
    expect(await screen.findByText('cab_scim_AbCd…')).toBeTruthy();
    expect(screen.getByText(/создан 01\.12\.2026 · последний запрос 05\.12\.2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Заменить токен' }));
    const confirm = await screen.findByRole('dialog', { name: 'Заменить токен SCIM?' });
    expect(within(confirm).getByText(/Старый токен перестанет работать сразу/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Заменить токен SCIM?' })).toBeNull());
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Заменить токен' }));
    const again = await screen.findByRole('dialog', { name: 'Заменить токен SCIM?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Заменить токен' }));
    expect(await screen.findByRole('dialog', { name: 'Токен SCIM создан' })).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it("says why SCIM does nothing while the owner's plan has no SSO, and the button says it too", async () => {
    const reason = 'Тариф владельца организации не включает «Единый вход (SSO) и SCIM»';
    const fetchMock = serve({ ...NONE, available: false, unavailable_reason: reason });
    renderWithProviders(<ScimSection organizationId={7} />);
    expect(await screen.findByText('SCIM не работает')).toBeTruthy();
    expect(screen.getAllByText(reason).length).toBeGreaterThan(0);
    const button = screen.getByRole('button', { name: 'Создать токен' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('says so in place when the settings cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ success: false, message: 'Сервис недоступен', data: null, code: 'UNAVAILABLE' }, 503),
      ),
    );
    renderWithProviders(<ScimSection organizationId={7} />);
    expect(await screen.findByText('Не удалось получить настройки SCIM')).toBeTruthy();
  });
});
