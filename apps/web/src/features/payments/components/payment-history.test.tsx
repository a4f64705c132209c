import type { Payment } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PaymentHistory } from './payment-history';

afterEach(() => vi.unstubAllGlobals());

const payment = (over: Partial<Payment>): Payment => ({
  id: 1,
  label: 'a'.repeat(32),
  plan: { id: 2, name: 'Про' },
  period: 'month',
  method: 'mir',
  amount: '990.00',
  status: 'paid',
  paid_at: '2026-05-10T12:00:00.000Z',
  granted_until: '2026-06-10T12:00:00.000Z',
  created_at: '2026-05-10T11:59:00.000Z',
  test: false,
  provider: 'yoomoney',
  refunded_amount: '0.00',
  ...over,
});

describe('PaymentHistory', () => {
  it("marks sandbox payments 'Тестовый' and real ones not", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          success: true,
          message: '',
          data: [payment({ id: 2, plan: { id: 3, name: 'Корп' }, test: true }), payment({ id: 1 })],
          meta: { page: 1, pages: 1, perPage: 10, total: 2 },
        }),
      ),
    );
    renderWithProviders(<PaymentHistory />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Тестовый')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Тестовый')).toBeNull();
  });
});
