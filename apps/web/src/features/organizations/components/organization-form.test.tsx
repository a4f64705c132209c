import { fireEvent, screen, waitFor } from '@testing-library/react';
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
  it('shows the name messages; the create button is always active and says what is missing (issue 34)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(types)),
    );
    renderWithProviders(<OrganizationForm mode="create" onSaved={() => {}} />);
    const button = screen.getByRole('button', { name: 'Создать организацию' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBeNull();
    // 'Тип' starts as 'Команда', with its line.
    await waitFor(() =>
      expect((screen.getByLabelText(/^Тип/, { selector: 'input' }) as HTMLInputElement).value).toBe(
        'Команда',
      ),
    );
    expect(screen.getAllByText('Для группы людей, которые работают вместе.').length).toBeGreaterThan(0);

    fireEvent.click(button);
    expect(await screen.findByText('Обязательное поле')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: /Название/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'A' } });
    expect(screen.getByText('Название должно содержать минимум 2 символа')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'A'.repeat(41) } });
    expect(screen.getByText('Название не должно превышать 40 символов')).toBeTruthy();
  });
});
