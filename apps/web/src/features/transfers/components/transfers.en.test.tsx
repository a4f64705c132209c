import type { IncomingTransfer, Member, Organization } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { withTextContent } from '@/test/text-content';
import { MyTransfersPanel } from './my-transfers-panel';
import { TransferNotice } from './transfer-notice';
import { TransferOfferDialog } from './transfer-offer-dialog';

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const at = '2025-01-01T00:00:00.000Z';
const member = (id: number, typeId: number, name: string): Member => ({
  id,
  account: { id, name, email: `${id}@example.com`, avatar_url: null },
  account_id: id,
  organization_id: 3,
  type_id: typeId,
  type: { id: typeId, code: 'x', name: 'x' },
  status: 'active',
  public_key: null,
  auto_linked: false,
  created_at: at,
  updated_at: at,
});

const organization: Organization = {
  id: 3,
  name: 'Workshop',
  type: { id: 2, code: 'team', name: 'Team' },
  type_id: 2,
  owner_id: 1,
  is_your: false,
  members_count: 2,
  remaining_members: 2,
  files: [],
  created_at: at,
  updated_at: at,
  members: [member(1, 1, 'Daria'), member(2, 2, 'Heir')],
  transfer: {
    id: 9,
    organization_id: 3,
    from_user_id: 1,
    to_user_id: 2,
    status: 'pending',
    expires_at: '2025-01-08T00:00:00.000Z',
  },
};

describe('transfers in English (issue 32)', () => {
  it('tells the owner whom the offer waits for', () => {
    renderWithProviders(<TransferNotice organization={organization} viewerId={1} canCancel />);
    expect(screen.getByText('The organization transfer is waiting for an answer')).toBeTruthy();
    expect(screen.getByText(/^Offer sent: Heir can accept it until /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel transfer' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });

  it('offers the organization to a member', () => {
    renderWithProviders(
      <TransferOfferDialog organization={{ ...organization, transfer: null }} opened onClose={() => {}} />,
    );
    expect(screen.getByRole('dialog', { name: 'Transfer organization' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'New owner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });

  it("shows home's ownership offers to answer, and a list that failed", async () => {
    const incoming: IncomingTransfer = {
      id: 9,
      organization_id: 3,
      from_user_id: 1,
      to_user_id: 2,
      status: 'pending',
      expires_at: '2025-01-08T00:00:00.000Z',
      organization: { id: 3, name: 'Мастерская' },
      from_user: { id: 1, name: 'Дарья', email: 'daria@example.com' },
    };
    const list = {
      success: true,
      message: '',
      data: [incoming],
      meta: { page: 1, pages: 1, perPage: 100, total: 1 },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(list)),
    );
    const { unmount } = renderWithProviders(<MyTransfersPanel />);
    // The organization's and the person's names are user data; the quotes are lib/quoted's.
    const card = (
      await screen.findByText(/^You are offered ownership of the organization .Мастерская.$/)
    ).closest('li') as HTMLElement;
    expect(within(card).getByText(withTextContent('Offered by: Дарья (daria@example.com)'))).toBeTruthy();
    expect(
      within(card).getByText('The former owner becomes an admin · valid until Jan 8, 2025'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Organization transfer' })).toBeTruthy();
    expect(screen.getByLabelText('Offers: 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept the organization Мастерская' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Decline the transfer of the organization Мастерская' }),
    ).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '', ['Мастерская', 'Дарья'])).toEqual([]);
    unmount();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, message: 'Too many requests' }, 429)),
    );
    renderWithProviders(<MyTransfersPanel />);
    const panel = await screen.findByRole('region', { name: 'Organization transfer' });
    expect(within(panel).getByRole('alert').textContent).toContain('Could not load the transfer offers');
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Could not load the transfer offers:', expect.anything());
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
    warn.mockRestore();
  });
});
