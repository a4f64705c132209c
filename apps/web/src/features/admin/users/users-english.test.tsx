import type { AdminOrganizationListItem, UserListItem } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The contracts' texts follow the page's language, as the app's entry sets them up.
import '@/lib/i18n/contracts-text';
import { UserOrganizationsPanel } from '@/routes/admin/user-organizations-panel';
import { cyrillicLeft, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { UserCreateForm, UserCreateFormSchema } from './components/user-create-form';
import { UsersTable } from './components/users-table';

afterEach(() => vi.unstubAllGlobals());

const anna: UserListItem = {
  id: 1,
  name: 'Анна Петрова',
  email: 'anna@example.com',
  email_verified_at: null,
  type_id: 1,
  type: { id: 1, code: 'user', name: 'User' },
  subscribe_id: 1,
  avatar_url: null,
  blocked: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function organization(id: number, name: string, members: number, ownerId: number): AdminOrganizationListItem {
  return {
    id,
    name,
    type: { id: 1, code: 'company', name: 'Company' },
    type_id: 1,
    owner_id: ownerId,
    is_your: false,
    members_count: members,
    remaining_members: 0,
    files: [],
    members: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    owner: { id: ownerId, name: '', email: 'owner@example.com' },
  };
}

function stubOrganizations() {
  const items = [
    organization(1, 'Ромашка', 1, 1),
    organization(2, 'Лютик', 2, 9),
    organization(3, 'Клевер', 5, 9),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse({
        success: true,
        message: '',
        data: items,
        meta: { page: 1, pages: 1, perPage: 20, total: 3 },
      }),
    ),
  );
}

describe("the user's organizations in Russian", () => {
  it('count members with the three Russian forms, as before', async () => {
    stubOrganizations();
    renderWithProviders(<UserOrganizationsPanel userId={1} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Ромашка · владелец · 1 участник',
      'Лютик · участник · 2 участника',
      'Клевер · участник · 5 участников',
    ]);
  });
});

describe('the admin users screens in English (issue 32)', () => {
  inEnglish();

  it('the users table: columns, marks and actions, with no Russian but the person’s name', async () => {
    renderWithProviders(<UsersTable users={[anna]} selfId={2} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Type' })).toBeTruthy();
    expect(screen.getByText('Unconfirmed')).toBeTruthy();
    expect(screen.getByText('Blocked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out Анна Петрова' })).toBeTruthy();
    // 'АП': her initials on the avatar. 'Действия': the shared list table's column, translated with the
    // shared components.
    expect(cyrillicLeft(['Анна Петрова', 'АП', 'Действия'])).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Unblock Анна Петрова' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Unblock the user?')).toBeTruthy();
    expect(within(dialog).getByText('Анна Петрова will be able to sign in again.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    // 'Закрыть': every dialog's close button, from the app's theme.
    expect(cyrillicLeft(['Анна Петрова', 'АП', 'Действия', 'Закрыть'])).toEqual([]);
  });

  it("the user's organizations: roles and English plurals", async () => {
    stubOrganizations();
    renderWithProviders(<UserOrganizationsPanel userId={1} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Ромашка · owner · 1 member',
      'Лютик · member · 2 members',
      'Клевер · member · 5 members',
    ]);
    expect(screen.getByText("User's organizations")).toBeTruthy();
    expect(cyrillicLeft(['Ромашка', 'Лютик', 'Клевер'])).toEqual([]);
  });

  it("'New user': labels, the type, the buttons and the contracts' required text in English", () => {
    renderWithProviders(<UserCreateForm onDone={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('placeholder')).toBe('Enter a name');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByDisplayValue('User')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create user' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(cyrillicLeft()).toEqual([]);
    // The type's required text is the contracts' (its catalogue), said in the language of the parse.
    const noType = UserCreateFormSchema.safeParse({ name: 'Anna', email: 'anna@example.com', type: '' });
    expect(noType.error?.issues.map((issue) => issue.message)).toEqual(['Required']);
  });
});
