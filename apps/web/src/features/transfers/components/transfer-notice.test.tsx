import type { Member, Organization } from '@cabinet/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { TransferNotice } from './transfer-notice';

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
  name: 'Мастерская',
  type: { id: 2, code: 'team', name: 'Команда' },
  type_id: 2,
  owner_id: 1,
  is_your: false,
  members_count: 3,
  remaining_members: 2,
  files: [],
  created_at: at,
  updated_at: at,
  members: [member(1, 1, 'Дарья'), member(2, 2, 'Наследник'), member(4, 2, 'Третий')],
  transfer: {
    id: 9,
    organization_id: 3,
    from_user_id: 1,
    to_user_id: 2,
    status: 'pending',
    expires_at: '2025-01-08T00:00:00.000Z',
  },
};

describe('TransferNotice', () => {
  it('asks the offered member; Принять calls accept', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        success: true,
        message: 'Вы стали владельцем организации',
        data: organization.transfer,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<TransferNotice organization={organization} viewerId={2} canCancel={false} />);
    expect(screen.getByText('Вам предлагают стать владельцем организации «Мастерская»')).toBeTruthy();
    expect(screen.getByText(/Дарья предлагает передать вам организацию/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Принять' }));
    expect(await screen.findByText('Вы стали владельцем организации')).toBeTruthy();
    await waitFor(() =>
      expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(
        '/api/v1/rest/organizations/3/transfer/accept',
      ),
    );
  });

  it('shows the owner whom it waits for, with Отменить передачу; nothing for another member', () => {
    const { unmount } = renderWithProviders(
      <TransferNotice organization={organization} viewerId={1} canCancel />,
    );
    expect(screen.getByText('Передача организации ожидает ответа')).toBeTruthy();
    expect(screen.getByText(/Наследник может принять его/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отменить передачу' })).toBeTruthy();
    unmount();
    renderWithProviders(<TransferNotice organization={organization} viewerId={4} canCancel={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Передача организации/)).toBeNull();
  });
});
