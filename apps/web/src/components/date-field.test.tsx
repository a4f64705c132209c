import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/locale';
import { renderWithProviders } from '@/test/render';
import { DateField, readDate, showDate } from './date-field';

function Field({ initial = '', onValue }: { initial?: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="С"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
    </>
  );
}

describe('DateField: dates in the cabinet language, not the browser one (issue 32)', () => {
  it('reads and writes the numeric date of each language, and ISO in every one', () => {
    expect(showDate('2026-01-31', 'ru')).toBe('31.01.2026');
    expect(showDate('2026-01-31', 'en')).toBe('01/31/2026');
    expect(readDate('31.01.2026', 'ru')).toBe('2026-01-31');
    expect(readDate('1.2.2026', 'ru')).toBe('2026-02-01');
    expect(readDate('01/31/2026', 'en')).toBe('2026-01-31');
    expect(readDate('2026-01-31', 'ru')).toBe('2026-01-31');
    expect(readDate('31.02.2026', 'ru')).toBeNull();
    expect(readDate('31.01', 'ru')).toBeNull();
  });

  it('in Russian asks for дд.мм.гггг, gives ISO, keeps what was typed, says a wrong date', () => {
    const onValue = vi.fn();
    renderWithProviders(<Field initial="2026-01-31" onValue={onValue} />);
    const input = screen.getByLabelText('С') as HTMLInputElement;
    expect(input.value).toBe('31.01.2026');
    expect(input.placeholder).toBe('дд.мм.гггг');
    fireEvent.change(input, { target: { value: '2020-01-31' } });
    expect(onValue).toHaveBeenLastCalledWith('2020-01-31');
    expect(input.value).toBe('2020-01-31');
    fireEvent.change(input, { target: { value: '32.01.2020' } });
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(screen.getByText('Введите дату в формате дд.мм.гггг')).toBeTruthy();
    // A value cleared from outside (a filter chip's ×) empties the field.
    fireEvent.change(input, { target: { value: '01.02.2020' } });
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(input.value).toBe('');
  });

  it('in English asks for mm/dd/yyyy', async () => {
    await setLocale('en');
    const onValue = vi.fn();
    renderWithProviders(<Field initial="2026-01-31" onValue={onValue} />);
    const input = screen.getByLabelText('С') as HTMLInputElement;
    expect(input.value).toBe('01/31/2026');
    expect(input.placeholder).toBe('mm/dd/yyyy');
    fireEvent.change(input, { target: { value: '02/01/2026' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-02-01');
    expect(screen.getByRole('button', { name: 'Pick a date' })).toBeTruthy();
  });
});
