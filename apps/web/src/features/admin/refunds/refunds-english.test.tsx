import type { Refund } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicLeft, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { RefundsCard } from './components/refunds-card';
import { RefundsTable } from './components/refunds-table';

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

/** The shared list table's column and dialog close button (components/, app/), translated there. */
const SHARED = ['Действия', 'Закрыть'];

describe('the admin refunds screens in English (issue 32)', () => {
  inEnglish();

  it('the refunds table: reasons, states and the confirmation', async () => {
    renderWithProviders(
      <RefundsTable
        refunds={[
          refund({}),
          refund({ id: 8, reason: 'unknown_label', order_id: null, resolved_at: '2026-05-11T09:00:00.000Z' }),
        ]}
      />,
    );
    const [open, done] = screen.getAllByTestId('admin-refund-row').map((row) => within(row));
    expect(open?.getAllByText("Amount below the order's price").length).toBeGreaterThan(0);
    expect(open?.getAllByText('Awaiting refund').length).toBeGreaterThan(0);
    expect(open?.getByText('No. 3')).toBeTruthy();
    expect(done?.getAllByText('Order not found').length).toBeGreaterThan(0);
    expect(done?.getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(screen.getByRole('columnheader', { name: 'Operation' })).toBeTruthy();
    expect(cyrillicLeft(SHARED)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Mark as refunded: operation 1234567' }));
    const dialog = await screen.findByRole('dialog', { name: 'Has the money been returned?' });
    expect(
      within(dialog).getByText(/^Mark the refund once .* of operation 1234567 has been returned/),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(cyrillicLeft(SHARED)).toEqual([]);
  });

  it('the admin home card: how many wait', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          success: true,
          message: '',
          data: [],
          meta: { page: 1, pages: 1, perPage: 1, total: 2 },
        }),
      ),
    );
    renderWithProviders(<RefundsCard href="/admin/refunds" />);
    expect(await screen.findByText('2')).toBeTruthy();
    expect(screen.getByText('Refunds')).toBeTruthy();
    expect(screen.getByText('awaiting a refund')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to refunds/ })).toBeTruthy();
    expect(cyrillicLeft()).toEqual([]);
  });
});
