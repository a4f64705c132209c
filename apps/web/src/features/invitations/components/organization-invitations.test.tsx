import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeInvitation } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ADMIN_INVITATION_OWNER_ONLY, OrganizationInvitations } from './organization-invitations';

afterEach(() => vi.unstubAllGlobals());

const open = makeInvitation({ id: 11, email: 'open@example.com' });
const lapsed = makeInvitation({ id: 12, email: 'late@example.com', status: 'expired', type_id: 3 });
const list = {
  success: true,
  message: '',
  data: [open, lapsed],
  meta: { page: 1, pages: 1, perPage: 100, total: 2 },
};

describe('OrganizationInvitations', () => {
  it('asks for the open and expired ones and shows address, role, inviter and expiry', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(list));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OrganizationInvitations organizationId={3} canManageAdmins />);
    const row = (await screen.findAllByRole('row', { name: /late@example.com/ }))[0] as HTMLElement;
    expect(within(row).getByText('Администратор')).toBeTruthy();
    expect(within(row).getByText(/Истекло/)).toBeTruthy();
    expect(within(row).getByText('Анна Петрова')).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe(
      '/api/v1/rest/organizations/3/invitations?status=pending%2Cexpired&perPage=100',
    );
  });

  it("'Отправить повторно' and 'Отозвать' call the invitation's resend and revoke", async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST')
        return jsonResponse({
          success: true,
          message: 'Приглашение повторно отправлено на open@example.com',
          data: open,
        });
      if (init?.method === 'DELETE')
        return jsonResponse({
          success: true,
          message: 'Приглашение отозвано',
          data: { ...open, status: 'revoked' },
        });
      return jsonResponse(url.includes('invitations') ? list : {});
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OrganizationInvitations organizationId={3} canManageAdmins />);
    const row = (await screen.findAllByRole('row', { name: /open@example.com/ }))[0] as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Отправить повторно' }));
    expect(await screen.findByText('Приглашение повторно отправлено на open@example.com')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByText('Приглашение отозвано')).toBeTruthy();
    await waitFor(() => {
      const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
      expect(
        calls.some(
          ([u, i]) => u === '/api/v1/rest/organizations/3/invitations/11/resend' && i?.method === 'POST',
        ),
      ).toBe(true);
      expect(
        calls.some(([u, i]) => u === '/api/v1/rest/organizations/3/invitations/11' && i?.method === 'DELETE'),
      ).toBe(true);
    });
  });

  it('an organization admin sees an admin invitation without its buttons (decision 0191)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(list)),
    );
    renderWithProviders(<OrganizationInvitations organizationId={3} canManageAdmins={false} />);
    const adminRow = (await screen.findAllByRole('row', { name: /late@example.com/ }))[0] as HTMLElement;
    expect(within(adminRow).queryByRole('button', { name: 'Отправить повторно' })).toBeNull();
    expect(within(adminRow).queryByRole('button', { name: 'Отозвать' })).toBeNull();
    expect(within(adminRow).getByText(ADMIN_INVITATION_OWNER_ONLY)).toBeTruthy();
    const memberRow = (await screen.findAllByRole('row', { name: /open@example.com/ }))[0] as HTMLElement;
    expect(within(memberRow).getByRole('button', { name: 'Отозвать' })).toBeTruthy();
  });
});
