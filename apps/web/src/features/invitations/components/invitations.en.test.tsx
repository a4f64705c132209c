import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse, makeInvitation } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { MyInvitationsPanel } from './my-invitations-panel';
import { OrganizationInvitations } from './organization-invitations';

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const inviter = { id: 1, name: 'Anna Peters', email: 'anna@example.com' };
const open = makeInvitation({ id: 11, email: 'open@example.com', invited_by: inviter });
const lapsed = makeInvitation({
  id: 12,
  email: 'late@example.com',
  status: 'expired',
  type_id: 3,
  invited_by: null,
});
const list = (data: unknown[]) => ({
  success: true,
  message: '',
  data,
  meta: { page: 1, pages: 1, perPage: 100, total: data.length },
});

describe('invitations in English (issue 32)', () => {
  it("lists an organization's invitations", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(list([open, lapsed]))),
    );
    renderWithProviders(<OrganizationInvitations organizationId={3} canManageAdmins={false} />);
    const row = (await screen.findAllByRole('row', { name: /late@example.com/ }))[0] as HTMLElement;
    expect(within(row).getByText('Admin')).toBeTruthy();
    expect(within(row).getByText(/^Expired /)).toBeTruthy();
    expect(within(row).getByText('account deleted')).toBeTruthy();
    expect(within(row).getByText('An admin invitation is sent and revoked by the owner')).toBeTruthy();
    const openRow = (await screen.findAllByRole('row', { name: /open@example.com/ }))[0] as HTMLElement;
    expect(within(openRow).getByRole('button', { name: 'Resend' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Email', 'Role', 'Invited by', 'Sent', 'Valid until']),
    );
    // The table's 'Действия' header belongs to components/.
    expect(cyrillicWordsIn(document.body.textContent ?? '', ['Действия'])).toEqual([]);
  });

  it("shows home's invitations to answer", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(list([{ ...open, organization: { id: 3, name: 'Команда' } }]))),
    );
    renderWithProviders(<MyInvitationsPanel />);
    // The organization's name is user data; its quotes are lib/quoted's.
    expect(await screen.findByText(/^Invitation to the organization .Команда.$/)).toBeTruthy();
    expect(screen.getByText(/^Role: Member · valid until /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept the invitation to Команда' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline the invitation to Команда' })).toBeTruthy();
    expect(screen.getByLabelText('Invitations: 1')).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '', ['Команда'])).toEqual([]);
  });

  it("says home's invitations failed to load, and logs it in English", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, message: 'Too many requests' }, 429)),
    );
    renderWithProviders(<MyInvitationsPanel />);
    const panel = await screen.findByRole('region', { name: 'Invitations' });
    expect(within(panel).getByRole('alert').textContent).toContain('Could not load the invitations');
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Could not load the invitations:', expect.anything());
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
    warn.mockRestore();
  });
});
