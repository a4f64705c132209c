import type { CheckoutPreview, Receipt } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { autoRenewText } from '@/routes/subscription-checkout-route';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { renderWithProviders } from '@/test/render';
import { previewText } from './checkout-preview-note';
import { ReceiptView } from './receipt-view';

inEnglish();

const receipt: Receipt = {
  payment_id: 42,
  label: 'f'.repeat(32),
  plan: { id: 2, name: 'Pro' },
  period: 'year',
  method: 'sbp',
  amount: '9504.00',
  paid_at: '2026-11-10T09:00:00.000Z',
  term_start: '2026-11-10T09:00:00.000Z',
  granted_until: null,
  user: { name: 'Anna Peters', email: 'anna@example.com' },
  test: true,
};

const preview: CheckoutPreview = {
  plan: { id: 3, name: 'Corp' },
  period: 'month',
  sum: '2990.00',
  kind: 'new',
  current: { plan: { id: 1, name: 'Basic' }, expires_at: null },
  credit: '0.00',
  term_start: '2026-09-01T00:00:00.000Z',
  granted_until: '2026-10-01T00:00:00.000Z',
};

describe('payments in English (issue 32)', () => {
  it('prints a receipt in English', async () => {
    renderWithProviders(<ReceiptView receipt={receipt} />);
    expect(await screen.findByRole('heading', { name: 'Receipt #42' })).toBeTruthy();
    expect(screen.getByText('Year')).toBeTruthy();
    expect(screen.getByText('SBP')).toBeTruthy();
    expect(screen.getByText(/^from .*, no end date$/)).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('#42');
    expect(screen.getByText('Test payment: paid in test mode, no money was charged.')).toBeTruthy();
    // The logo's words belong to components/.
    expect(cyrillicWordsIn(document.body.textContent ?? '', ['Личный кабинет'])).toEqual([]);
  });

  it('says what checkout does, with plurals for auto-renewal', () => {
    expect(previewText(preview)).toMatch(
      /^The .Corp. plan starts right after the payment and is valid until /,
    );
    expect(autoRenewText('990.00', 'month', 1)).toMatch(
      /^We will save the card and every month, 1 day before the term ends, charge /,
    );
    expect(autoRenewText('990.00', 'year', 3)).toContain('every year, 3 days before the term ends');
  });
});
