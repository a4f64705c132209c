import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrganizationForm } from './organization-form';

afterEach(() => vi.unstubAllGlobals());

const types = {
  success: true,
  message: '',
  data: [{ id: 2, code: 'team', name: 'Команда', created_at: '', updated_at: '' }],
  meta: { page: 1, pages: 1, perPage: 100, total: 1 },
};

describe('OrganizationForm validation (spec section 5)', () => {
  it('shows the name messages and keeps the create button disabled while invalid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(types)),
    );
    renderWithProviders(<OrganizationForm mode="create" onSaved={() => {}} />);
    const button = screen.getByRole('button', { name: 'Создать организацию' }) as HTMLButtonElement;
    // Focusable, and says why (decision 0165).
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    const reason = () => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(reason()).toBe('Заполните или исправьте поля: Название, Тип');

    const name = screen.getByRole('textbox', { name: /Название/ });
    fireEvent.change(name, { target: { value: 'A' } });
    expect(screen.getByText('Название должно содержать минимум 2 символа')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'A'.repeat(41) } });
    expect(screen.getByText('Название не должно превышать 40 символов')).toBeTruthy();
    fireEvent.change(name, { target: { value: ' ' } });
    expect(screen.getByText('Обязательное поле')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Альфа' } });
    // The type is still missing.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(reason()).toBe('Заполните или исправьте поля: Тип');
  });
});
