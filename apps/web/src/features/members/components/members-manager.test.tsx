import type { Member } from '@cabinet/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inviteEmailError } from '@/lib/user-lookup';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { MembersManager } from './members-manager';

const member = (id: number, typeId: number, name: string, email: string): Member => ({
  id,
  account: { id, name, email, avatar_url: null },
  account_id: id,
  organization_id: 1,
  type_id: typeId,
  type: { id: typeId, code: typeId === 1 ? 'owner' : 'member', name: typeId === 1 ? 'Владелец' : 'Участник' },
  status: 'active',
  public_key: null,
  auto_linked: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

const members = [member(2, 2, 'Борис', 'boris@example.com'), member(1, 1, 'Анна', 'anna@example.com')];

afterEach(() => vi.unstubAllGlobals());

describe('invite e-mail (spec section 5)', () => {
  it('is wrong only when non-empty and without @', () => {
    expect(inviteEmailError('')).toBeNull();
    expect(inviteEmailError('boris')).toBe('Введите корректный email адрес');
    expect(inviteEmailError('boris@example.com')).toBeNull();
  });
});

describe('MembersManager', () => {
  it('lists the owner first, as Владелец, without a remove button', () => {
    renderWithProviders(<MembersManager organizationId={1} members={members} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Анна');
    expect(rows[0]?.textContent).toContain('Владелец');
    expect(rows[1]?.textContent).toContain('Участник');
    expect(screen.queryAllByRole('button', { name: 'Удалить участника Анна' })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Удалить участника Борис' }).length).toBeGreaterThan(0);
  });

  it('blocks the button while empty or invalid, saying why', () => {
    renderWithProviders(<MembersManager organizationId={1} members={members} />);
    const button = () => screen.getByRole('button', { name: 'Добавить пользователя' }) as HTMLButtonElement;
    // Blocked, focusable, and says why (decision 0165).
    const blocked = () => button().getAttribute('aria-disabled') === 'true';
    const reason = () =>
      document.getElementById(button().getAttribute('aria-describedby') ?? '')?.textContent;
    expect(blocked()).toBe(true);
    expect(reason()).toBe('Введите Email пользователя');
    const input = screen.getByPlaceholderText('Введите Email пользователя для отправки приглашения');
    fireEvent.change(input, { target: { value: 'nope' } });
    expect(screen.getByText('Введите корректный email адрес')).toBeTruthy();
    expect(blocked()).toBe(true);
    expect(reason()).toBe('Сначала исправьте адрес');
    fireEvent.change(input, { target: { value: 'new@example.com' } });
    expect(blocked()).toBe(false);
    expect(button().disabled).toBe(false);
  });

  it('invites an address without an account instead, and the toast says so (issue 13)', async () => {
    const invitation = {
      id: 11,
      organization_id: 1,
      organization: { id: 1, name: 'Команда' },
      email: 'new@example.com',
      type_id: 2,
      status: 'pending',
      invited_by: { id: 1, name: 'Анна', email: 'anna@example.com' },
      created_at: '2025-01-01T00:00:00.000Z',
      sent_at: '2025-01-01T00:00:00.000Z',
      expires_at: '2025-01-08T00:00:00.000Z',
    };
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/profile/search')
        ? jsonResponse({
            success: true,
            message: '',
            // Not exactly the address: no account.
            data: [{ id: 5, email: 'new@example.com.ru', name: 'Почти' }],
            meta: { page: 1, pages: 1, perPage: 20, total: 1 },
          })
        : jsonResponse(
            { success: true, message: 'Приглашение отправлено на new@example.com', data: invitation },
            201,
          ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MembersManager organizationId={1} members={members} />);
    fireEvent.change(screen.getByPlaceholderText('Введите Email пользователя для отправки приглашения'), {
      target: { value: 'New@Example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить пользователя' }));
    expect(await screen.findByText('Приглашение отправлено на new@example.com')).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toContain(
      '/api/v1/rest/profile/search?search=new%40example.com',
    );
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/rest/organizations/1/invitations');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'New@Example.com', type_id: 2 });
  });

  it('lets the owner choose the role; an organization admin sees no role and no actions on admins', async () => {
    const admin = {
      ...member(3, 3, 'Вера', 'vera@example.com'),
      type: { id: 3, code: 'admin', name: 'Администратор' },
    };
    const { unmount } = renderWithProviders(
      <MembersManager organizationId={1} members={[...members, admin]} canManageAdmins viewerId={1} />,
    );
    expect(screen.getAllByLabelText('Роль').length).toBeGreaterThan(0);
    // Roles are chosen in a select per row, never toggled by an icon (issue 34).
    expect((screen.getAllByLabelText('Роль: Борис')[0] as HTMLInputElement).value).toBe('Участник');
    expect((screen.getAllByLabelText('Роль: Вера')[0] as HTMLInputElement).value).toBe('Администратор');
    expect(screen.queryAllByRole('button', { name: /Сделать/ })).toHaveLength(0);
    unmount();
    renderWithProviders(<MembersManager organizationId={1} members={[...members, admin]} viewerId={9} />);
    expect(screen.queryAllByLabelText('Роль')).toHaveLength(0);
    expect(screen.queryAllByLabelText(/Роль:/)).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /Вера/ })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /Сделать/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Удалить участника Борис' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Администратор').length).toBeGreaterThan(0);
  });

  it('adds the exact match with type 2 and names them in the success message', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/profile/search')
        ? jsonResponse({
            success: true,
            message: '',
            data: [{ id: 7, email: 'new@example.com', name: '' }],
            meta: { page: 1, pages: 1, perPage: 20, total: 1 },
          })
        : jsonResponse({ success: true, message: 'ok', data: member(7, 2, '', 'new@example.com') }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MembersManager organizationId={3} members={members} />);
    fireEvent.change(screen.getByPlaceholderText('Введите Email пользователя для отправки приглашения'), {
      target: { value: 'new@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить пользователя' }));
    expect(await screen.findByText('Пользователь new@example.com добавлен в организацию')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/rest/organizations/add-member/3');
    expect(JSON.parse(String(init.body))).toEqual({ user_id: 7, type: '2' });
    await waitFor(() =>
      expect(
        (
          screen.getByPlaceholderText(
            'Введите Email пользователя для отправки приглашения',
          ) as HTMLInputElement
        ).value,
      ).toBe(''),
    );
  });
});
