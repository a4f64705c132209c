import type { AdminPayment } from '@cabinet/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cyrillicLeft, inEnglish } from '@/test/english';
import { renderWithProviders } from '@/test/render';
import { AdminPaymentsTable } from './components/admin-payments-table';
import { PaymentFilters } from './components/payment-filters';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const paid: AdminPayment = {
  id: 12,
  label: 'a'.repeat(32),
  plan: { id: 2, name: 'Про' },
  period: 'year',
  method: 'AC',
  amount: '9504.00',
  status: 'paid',
  paid_at: '2026-05-10T12:00:00.000Z',
  granted_until: null,
  created_at: '2026-05-10T11:58:00.000Z',
  test: false,
  provider: 'yookassa',
  refunded_amount: '500.00',
  user: { id: null, email: 'gone@example.com' },
  refund: false,
  needs_review: true,
};

/** Texts of the shared form frame and dialogs (components/, app/), which their own areas translate. */
const SHARED = ['Заполните или исправьте поля: ', 'Отмена', 'Закрыть'];

describe('the admin payments screen in English (issue 32)', () => {
  inEnglish();

  it('the payments table: columns, states, the payer gone, the receipt and the refund', async () => {
    renderWithProviders(<AdminPaymentsTable payments={[paid]} />);
    for (const column of ['Date', 'Payer', 'Plan', 'Amount', 'Status', 'Valid until', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Needs review').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/^Refunded /).length).toBeGreaterThan(0);
    expect(screen.getAllByText('(account deleted)').length).toBeGreaterThan(0);
    expect(screen.getByText('No end date')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Receipt No. 12' }).length).toBeGreaterThan(0);
    expect(cyrillicLeft(['Про'])).toEqual([]);

    await userEvent.click(screen.getAllByRole('button', { name: 'Refund payment No. 12' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Refund of payment No. 12' });
    expect(within(dialog).getByText(/^Paid .*; up to .* can be refunded\./)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Reason/)).toBeTruthy();
    expect(cyrillicLeft(['Про', ...SHARED])).toEqual([]);
  });

  it('the filters: labels, choices and the date range error', async () => {
    const onApply = vi.fn();
    renderWithProviders(
      <PaymentFilters
        filters={{ status: 'refund', test: 'true' }}
        plans={[{ value: '2', label: 'Про' }]}
        onApply={onApply}
        onDownload={vi.fn()}
        downloading={false}
      />,
    );
    expect(screen.getByDisplayValue('To refund')).toBeTruthy();
    expect(screen.getByDisplayValue('Test only')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('to'), { target: { value: '2026-11-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('The “to” date is before the “from” date')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(cyrillicLeft(['Про'])).toEqual([]);
  });
});
