import type { OauthClient } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cyrillicLeft, inEnglish } from '@/test/english';
import { renderWithProviders } from '@/test/render';
import { ClientsTable } from './components/clients-table';
import { CreateClientDialog } from './components/create-client-dialog';

const client = (over: Partial<OauthClient>): OauthClient => ({
  id: 1,
  client_id: 'desktop',
  name: 'Настольное приложение',
  grant_types: ['device_code'],
  scopes: ['read', 'write'],
  disabled: false,
  created_at: '2026-05-10T12:00:00.000Z',
  ...over,
});

describe('the admin applications screen in English (issue 32)', () => {
  inEnglish();

  it('the applications table: rights, state and the switch', () => {
    renderWithProviders(
      <ClientsTable
        clients={[
          client({}),
          client({ id: 2, client_id: 'ci', name: 'CI', scopes: ['read'], disabled: true }),
        ]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Applications' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Permissions' })).toBeTruthy();
    expect(screen.getByText('Read and write')).toBeTruthy();
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Disable the application Настольное приложение' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable the application CI' })).toBeTruthy();
    expect(cyrillicLeft(['Настольное приложение'])).toEqual([]);
  });

  it('the new application dialog', async () => {
    renderWithProviders(<CreateClientDialog opened onClose={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'New application' })).toBeTruthy();
    expect(screen.getByPlaceholderText('For example, “Build server”')).toBeTruthy();
    expect(screen.getByLabelText('Write')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    // The shared form frame's 'Отмена' and the dialog's close button (components/, app/), translated there.
    expect(cyrillicLeft(['Отмена', 'Закрыть', 'Заполните или исправьте поля: '])).toEqual([]);
  });
});
