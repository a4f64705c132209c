import type { Member } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { withTextContent } from '@/test/text-content';
import { JoinRequestsPanel } from './join-requests-panel';
import { MembersTable } from './members-table';

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const member = (id: number, typeId: number, status: Member['status'] = 'active'): Member => ({
  id,
  account: { id, name: `Person ${id}`, email: `p${id}@example.com`, avatar_url: null },
  account_id: id,
  organization_id: 1,
  type_id: typeId,
  type: { id: typeId, code: 'member', name: 'Участник' },
  status,
  public_key: null,
  auto_linked: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

describe('members in English (issue 32)', () => {
  it('names roles, statuses and actions in English', () => {
    renderWithProviders(
      <MembersTable
        members={[member(1, 1), member(2, 3), member(3, 2, 'pending')]}
        manageable
        canManageAdmins
        onRemove={() => {}}
        onAccept={() => {}}
        onChangeRole={() => {}}
      />,
    );
    expect(screen.getAllByDisplayValue('Admin').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Owner').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Join request').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Accept the request of Person 3' }).length).toBeGreaterThan(
      0,
    );
    expect(screen.getAllByLabelText('Role: Person 2').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Name', 'Login', 'Status']),
    );
    // The table's 'Действия' header belongs to components/.
    expect(cyrillicWordsIn(document.body.textContent ?? '', ['Действия'])).toEqual([]);
  });

  it('says a join request list is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          success: true,
          message: '',
          data: [],
          meta: { page: 1, pages: 1, perPage: 100, total: 0 },
        }),
      ),
    );
    renderWithProviders(<JoinRequestsPanel />);
    expect(await screen.findByText('No requests')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Join requests' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });

  it('shows a join request to answer, and a list that failed', async () => {
    const request = {
      id: 7,
      organization: { id: 3, name: 'Команда' },
      account: { id: 9, name: 'Борис Петров', email: 'boris@example.com', avatar_url: null },
      requested_by: { id: 4, name: 'Инна Внутри', email: 'inna@example.com' },
      created_at: '2026-11-01T10:00:00.000Z',
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'Forbidden', data: null }, 403))
      .mockResolvedValueOnce(
        jsonResponse({
          success: true,
          message: '',
          data: [request],
          meta: { page: 1, pages: 1, perPage: 100, total: 1 },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<JoinRequestsPanel />);
    const panel = screen.getByRole('region', { name: 'Join requests' });
    expect(await within(panel).findByText('Could not load the requests')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Could not load the join requests:', expect.anything());
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);

    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    // People's and the organization's names are user data; the quotes are lib/quoted's.
    expect(await within(panel).findByText(/^to .Команда. · Nov 1, 2026$/)).toBeTruthy();
    expect(
      within(panel).getByText(withTextContent('Requested by: Инна Внутри (inna@example.com)')),
    ).toBeTruthy();
    expect(within(panel).getByLabelText('Requests: 1')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Accept Борис Петров to Команда' })).toBeTruthy();
    expect(
      within(panel).getByRole('button', { name: 'Decline the request of Борис Петров to Команда' }),
    ).toBeTruthy();
    expect(
      cyrillicWordsIn(document.body.textContent ?? '', ['Борис Петров', 'Инна Внутри', 'Команда', 'БП']),
    ).toEqual([]);
    warn.mockRestore();
  });
});
