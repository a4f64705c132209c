import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PLAN_NOT_DELETABLE, PlanDeleteDialog } from './plan-delete-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

function stubDeletion(data: { deletable: boolean; reason: string | null; holders: number }) {
  const fetchMock = vi.fn(async (_url: string) => jsonResponse({ success: true, message: '', data }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('PlanDeleteDialog (decision 0163)', () => {
  it('refuses a plan users hold before any confirmation, with the reason and the number of users', async () => {
    session.signIn('tok');
    const fetchMock = stubDeletion({
      deletable: false,
      reason: 'Тариф нельзя удалить: он подключён у 3 пользователей',
      holders: 3,
    });
    renderWithProviders(<PlanDeleteDialog plan={{ id: 2, name: 'Про' }} onClose={vi.fn()} />);
    expect(await screen.findByText(PLAN_NOT_DELETABLE)).toBeTruthy();
    expect(screen.getByText('Тариф нельзя удалить: он подключён у 3 пользователей')).toBeTruthy();
    expect(screen.getByText('Пользователей с этим тарифом: 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Удалить тариф' })).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/rest/subscribes/2/deletion');
  });

  it("asks spec section 2's question for a plan that can go", async () => {
    session.signIn('tok');
    stubDeletion({ deletable: true, reason: null, holders: 0 });
    renderWithProviders(<PlanDeleteDialog plan={{ id: 7, name: 'Старт' }} onClose={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Удалить тариф' })).toBeTruthy();
    expect(screen.getByText('Удалить тариф?')).toBeTruthy();
    expect(screen.getByText('Действие невозможно будет отменить')).toBeTruthy();
  });
});
