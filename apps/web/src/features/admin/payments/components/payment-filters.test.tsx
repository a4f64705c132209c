import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PaymentFilters } from './payment-filters';

const plans = [
  { value: '2', label: 'Про' },
  { value: '3', label: 'Корп' },
];

function setup(filters = {}) {
  const onApply = vi.fn();
  const onDownload = vi.fn();
  renderWithProviders(
    <PaymentFilters
      filters={filters}
      plans={plans}
      onApply={onApply}
      onDownload={onDownload}
      downloading={false}
    />,
  );
  return { onApply, onDownload };
}

describe('PaymentFilters (issue 15)', () => {
  it('applies only what is filled in, and a date range in order', async () => {
    const { onApply } = setup();
    fireEvent.change(screen.getByLabelText('Создан с'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('по'), { target: { value: '2026-11-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect(screen.getByText('Дата «по» раньше даты «с»')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('по'), { target: { value: '2026-11-30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect(onApply).toHaveBeenLastCalledWith({ from: '2026-11-20', to: '2026-11-30' });
  });

  it('starts from the filters in force, and resets to none', async () => {
    const { onApply, onDownload } = setup({ status: 'refund', test: 'false', plan_id: '3' });
    expect(screen.getByDisplayValue('К возврату')).toBeTruthy();
    expect(screen.getByDisplayValue('Только настоящие')).toBeTruthy();
    expect(screen.getByDisplayValue('Корп')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    expect(onDownload).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(onApply).toHaveBeenLastCalledWith({});
  });
});
