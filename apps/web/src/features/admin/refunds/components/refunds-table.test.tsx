import type { Refund } from '@cabinet/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { RefundsTable } from './refunds-table';

afterEach(() => vi.unstubAllGlobals());

const refund = (over: Partial<Refund>): Refund => ({
  id: 7,
  operation_id: '1234567',
  label: 'b'.repeat(32),
  order_id: 3,
  amount: '500.00',
  reason: 'amount_short',
  user: { id: null, email: 'gone@example.com' },
  test: false,
  fields: {},
  created_at: '2026-05-10T12:00:00.000Z',
  resolved_at: null,
  resolved_by: null,
  ...over,
});

describe('RefundsTable', () => {
  it('shows the reason in Russian, the kept e-mail and the state; resolves after confirmation', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        success: true,
        message: 'Возврат отмечен',
        data: refund({ resolved_at: '2026-05-11T09:00:00.000Z', resolved_by: 'admin@example.com' }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(
      <RefundsTable
        refunds={[
          refund({}),
          refund({
            id: 8,
            operation_id: '7654321',
            reason: 'unknown_label',
            user: null,
            test: true,
            resolved_at: '2026-05-11T09:00:00.000Z',
            resolved_by: 'admin@example.com',
          }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('admin-refund-row');
    const open = within(rows[0] as HTMLElement);
    expect(open.getAllByText('Сумма меньше цены заказа').length).toBeGreaterThan(0);
    expect(open.getAllByText('gone@example.com').length).toBeGreaterThan(0);
    expect(open.getAllByText('Ожидает возврата').length).toBeGreaterThan(0);
    const done = within(rows[1] as HTMLElement);
    expect(done.getAllByText('Заказ не найден').length).toBeGreaterThan(0);
    expect(done.getByText('Тестовый')).toBeTruthy();
    expect(done.queryByRole('button')).toBeNull();

    await user.click(open.getByRole('button', { name: /Отметить как возвращённый/ }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Отметить как возвращённый' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/rest/admin/refunds/7/resolve');
    expect(init.method).toBe('POST');
    expect(await screen.findByText('Возврат отмечен')).toBeTruthy();
  });
});
