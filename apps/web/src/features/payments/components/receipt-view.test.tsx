import type { Receipt } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ReceiptView } from './receipt-view';

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  payment_id: 42,
  label: 'f'.repeat(32),
  plan: { id: 2, name: 'Про' },
  period: 'year',
  method: 'sbp',
  amount: '9504.00',
  paid_at: '2026-11-10T09:00:00.000Z',
  term_start: '2026-11-10T09:00:00.000Z',
  granted_until: '2027-11-10T09:00:00.000Z',
  user: { name: 'Анна Петрова', email: 'anna@example.com' },
  test: false,
  ...over,
});

describe('ReceiptView (issue 15)', () => {
  it('says what was bought, by whom, for how much and until when', async () => {
    renderWithProviders(<ReceiptView receipt={receipt()} />);
    expect(await screen.findByRole('heading', { name: 'Квитанция № 42' })).toBeTruthy();
    expect(screen.getByText('Анна Петрова (anna@example.com)')).toBeTruthy();
    expect(screen.getByText('«Про»')).toBeTruthy();
    expect(screen.getByText('Год')).toBeTruthy();
    expect(screen.getByText('СБП')).toBeTruthy();
    expect(screen.getByText('с 10.11.2026 по 10.11.2027')).toBeTruthy();
    // The short order number, not the provider's label (issue 34, rule 10).
    expect(screen.getByTestId('order-number').textContent).toBe('№ 42');
    expect(screen.queryByText('f'.repeat(32))).toBeNull();
    expect(screen.getByTestId('receipt-amount').textContent).toMatch(/^9\s504,00\s₽$/);
    expect(screen.queryByText(/Тестовый платёж/)).toBeNull();
  });

  it('marks a sandbox payment and an end-less grant', async () => {
    renderWithProviders(
      <ReceiptView
        receipt={receipt({ test: true, granted_until: null, user: { name: '', email: 'b@example.com' } })}
      />,
    );
    expect(await screen.findByText(/Тестовый платёж/)).toBeTruthy();
    expect(screen.getByText('с 10.11.2026 бессрочно')).toBeTruthy();
    expect(screen.getByText('Бессрочно')).toBeTruthy();
    expect(screen.getByText('b@example.com')).toBeTruthy();
  });
});
