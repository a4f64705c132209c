import type { AdminOrganizationListItem } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cyrillicLeft, inEnglish } from '@/test/english';
import { renderWithProviders } from '@/test/render';
import { OrganizationMembersPicker } from './components/organization-members-picker';
import { OrganizationsAdminTable } from './components/organizations-admin-table';

const romashka: AdminOrganizationListItem = {
  id: 4,
  name: 'Ромашка',
  type: { id: 1, code: 'company', name: 'Company' },
  type_id: 1,
  owner_id: 7,
  is_your: false,
  members_count: 3,
  remaining_members: 2,
  files: [],
  members: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  owner: { id: 7, name: 'Иван Петров', email: 'ivan@example.com' },
};

/** People's data on these screens: the organization, its owner and their initials. */
const PEOPLE = ['Ромашка', 'Иван Петров', 'Р', 'ИП'];

describe('the admin organizations screens in English (issue 32)', () => {
  inEnglish();

  it('the organizations table: columns and row actions', () => {
    renderWithProviders(<OrganizationsAdminTable organizations={[romashka]} onDelete={vi.fn()} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Owner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings of the organization Ромашка' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete the organization Ромашка' })).toBeTruthy();
    // 'Действия': the shared list table's column, translated with the shared components.
    expect(cyrillicLeft([...PEOPLE, 'Действия'])).toEqual([]);
  });

  it('the new organization’s members: the owner first, each removable', () => {
    renderWithProviders(
      <OrganizationMembersPicker
        members={[
          { id: 7, name: 'Иван Петров', email: 'ivan@example.com' },
          { id: 8, name: '', email: 'olga@example.com' },
        ]}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('list', { name: 'Members of the new organization' })).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make olga@example.com the owner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Иван Петров' })).toBeTruthy();
    expect(screen.getByPlaceholderText("Enter the user's email")).toBeTruthy();
    // The e-mail field and its button are the shared components' (components/user-email-field.tsx).
    expect(
      cyrillicLeft([...PEOPLE, 'Email пользователя', 'Добавить пользователя', 'Введите Email пользователя']),
    ).toEqual([]);
  });
});
