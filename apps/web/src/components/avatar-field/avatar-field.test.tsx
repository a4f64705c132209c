import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AvatarField } from './avatar-field';
import type { AvatarValue } from './avatar-value';

URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

function Harness({
  initial,
  onValue,
  onRemoveExisting,
}: {
  initial: AvatarValue;
  onValue?: (value: AvatarValue) => void;
  onRemoveExisting?: () => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <AvatarField
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
      onRemoveExisting={onRemoveExisting}
    />
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const existing = { id: 9, url: 'http://localhost/a.png' };

describe('AvatarField (spec sections 4 and 5)', () => {
  it('refuses other types with "Неправильный тип файла"', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness initial={{ scheduledDelete: false }} onValue={onValue} />);
    choose(new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toBe('Неправильный тип файла');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('refuses files over 5,000,000 bytes with "Файл слишком большой"', () => {
    renderWithProviders(<Harness initial={{ scheduledDelete: false }} />);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5_000_001 });
    choose(big);
    expect(screen.getByRole('alert').textContent).toBe('Файл слишком большой');
  });

  it('previews a chosen PNG locally', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness initial={{ scheduledDelete: false }} onValue={onValue} />);
    const png = new File(['png'], 'a.png', { type: 'image/png' });
    choose(png);
    expect(onValue).toHaveBeenLastCalledWith({ file: png, scheduledDelete: false });
    expect(screen.getByRole('img', { name: 'Предпросмотр аватара' }).getAttribute('src')).toBe(
      'blob:preview',
    );
  });

  it('schedules removal of a stored avatar, and a new file cancels it', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness initial={{ existing, scheduledDelete: false }} onValue={onValue} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(onValue).toHaveBeenLastCalledWith({ existing, scheduledDelete: true });
    expect(screen.getByText('Аватар будет удалён при сохранении')).toBeTruthy();

    const png = new File(['png'], 'b.png', { type: 'image/png' });
    choose(png);
    expect(onValue).toHaveBeenLastCalledWith({ existing, file: png, scheduledDelete: false });
    expect(screen.queryByText('Аватар будет удалён при сохранении')).toBeNull();
  });

  it('calls the immediate removal instead when the screen deletes at once (profile)', () => {
    const onRemoveExisting = vi.fn();
    renderWithProviders(
      <Harness initial={{ existing, scheduledDelete: false }} onRemoveExisting={onRemoveExisting} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(onRemoveExisting).toHaveBeenCalledWith(existing);
  });
});
