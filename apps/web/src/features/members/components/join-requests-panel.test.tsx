import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { withTextContent } from '@/test/text-content';
import { JoinRequestsPanel } from './join-requests-panel';

const request = {
  id: 7,
  organization: { id: 3, name: 'Команда' },
  account: { id: 9, name: 'Борис Петров', email: 'boris@example.com', avatar_url: null },
  requested_by: { id: 4, name: 'Инна Внутри', email: 'inna@example.com' },
  created_at: '2026-11-01T10:00:00.000Z',
};

/** The list envelope's meta, as the server always sends it. */
const listMeta = (total: number) => ({ page: 1, pages: 1, perPage: 100, total });

afterEach(() => vi.unstubAllGlobals());

describe('JoinRequestsPanel', () => {
  it('says a failed list failed (no toast, spec section 8) and loads it again on Повторить', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'Доступ запрещён', data: null }, 403))
      .mockResolvedValueOnce(
        jsonResponse({ success: true, message: '', data: [request], meta: listMeta(1) }),
      );
    vi.stubGlobal('fetch', fetchMock);

    renderWithProviders(<JoinRequestsPanel />);
    const panel = screen.getByRole('region', { name: 'Запросы на вступление' });
    expect(await within(panel).findByText('Не удалось загрузить запросы')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Повторить' }));
    expect(await within(panel).findByText('Борис Петров')).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByText('Не удалось загрузить запросы')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('says who asked for each request: name and e-mail, the e-mail alone, or nothing when unknown', async () => {
    const noName = { ...request, id: 8, requested_by: { id: 5, name: '', email: 'anon@example.com' } };
    const unknown = { ...request, id: 10, requested_by: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ success: true, message: '', data: [request, noName, unknown], meta: listMeta(3) }),
      ),
    );
    renderWithProviders(<JoinRequestsPanel />);
    const panel = screen.getByRole('region', { name: 'Запросы на вступление' });
    expect(
      await within(panel).findByText(withTextContent('Запросил: Инна Внутри (inna@example.com)')),
    ).toBeTruthy();
    expect(within(panel).getByText(withTextContent('Запросил: anon@example.com'))).toBeTruthy();
    expect(within(panel).getAllByText(/^Запросил:/)).toHaveLength(2);
  });

  it("shows 'Нет запросов' when there are none", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true, message: '', data: [], meta: listMeta(0) })),
    );
    renderWithProviders(<JoinRequestsPanel />);
    expect(await screen.findByText('Нет запросов')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });
});
