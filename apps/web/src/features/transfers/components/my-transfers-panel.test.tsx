import type { IncomingTransfer } from '@cabinet/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { withTextContent } from '@/test/text-content';
import { MyTransfersPanel } from './my-transfers-panel';

afterEach(() => vi.unstubAllGlobals());

const offer = (id: number, organizationId: number, name: string): IncomingTransfer => ({
  id,
  organization_id: organizationId,
  from_user_id: 1,
  to_user_id: 2,
  status: 'pending',
  expires_at: '2025-01-08T00:00:00.000Z',
  organization: { id: organizationId, name },
  from_user: { id: 1, name: 'Дарья', email: 'daria@example.com' },
});

/** The answer of accept and decline: the offer itself, as the API gives it. */
const answered = (message: string, status: 'accepted' | 'declined') => {
  const { organization: _o, from_user: _f, ...transfer } = offer(9, 3, 'Мастерская');
  return jsonResponse({ success: true, message, data: { ...transfer, status } });
};

const list = (items: IncomingTransfer[]) => ({
  success: true,
  message: '',
  data: items,
  meta: { page: 1, pages: 1, perPage: 100, total: items.length },
});

describe('MyTransfersPanel', () => {
  it('lists the offers made to the user; Принять accepts that organization', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return answered('Вы стали владельцем организации', 'accepted');
      return jsonResponse(list([offer(9, 3, 'Мастерская'), offer(10, 5, 'Ателье')]));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MyTransfersPanel />);

    const card = (
      await screen.findByText('Вам предлагают стать владельцем организации «Мастерская»')
    ).closest('li') as HTMLElement;
    expect(within(card).getByText(withTextContent('Предлагает: Дарья (daria@example.com)'))).toBeTruthy();
    expect(within(card).getByText(/действует до 08\.01\.2025/)).toBeTruthy();
    expect(screen.getByText('Вам предлагают стать владельцем организации «Ателье»')).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe(
      '/api/v1/rest/transfers?perPage=100',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Принять организацию Мастерская' }));
    expect(await screen.findByText('Вы стали владельцем организации')).toBeTruthy();
    await waitFor(() => {
      const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
      expect(
        calls.some(([u, i]) => u === '/api/v1/rest/organizations/3/transfer/accept' && i?.method === 'POST'),
      ).toBe(true);
    });
  });

  it('Отклонить declines; nothing is shown without an offer', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST')
        return answered('Предложение о передаче организации отклонено', 'declined');
      return jsonResponse(list([offer(9, 3, 'Мастерская')]));
    });
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = renderWithProviders(<MyTransfersPanel />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Отклонить передачу организации Мастерская' }),
    );
    expect(await screen.findByText('Предложение о передаче организации отклонено')).toBeTruthy();
    await waitFor(() => {
      const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
      expect(calls.some(([u]) => u === '/api/v1/rest/organizations/3/transfer/decline')).toBe(true);
    });
    unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(list([]))),
    );
    renderWithProviders(<MyTransfersPanel />);
    await waitFor(() => expect(screen.queryByText('Передача организации')).toBeNull());
  });

  it("a failed list shows the panel with what failed and 'Повторить', not nothing", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let down = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        down
          ? jsonResponse({ success: false, message: 'Слишком много запросов' }, 429)
          : jsonResponse(list([offer(9, 3, 'Мастерская')])),
      ),
    );
    renderWithProviders(<MyTransfersPanel />);
    const panel = await screen.findByRole('region', { name: 'Передача организации' });
    expect(within(panel).getByRole('alert').textContent).toContain(
      'Не удалось получить предложения о передаче',
    );
    down = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Вам предлагают стать владельцем организации «Мастерская»')).toBeTruthy();
    warn.mockRestore();
  });
});
