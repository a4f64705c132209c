import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrganizationDeleteDialog } from './organization-delete-dialog';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OrganizationDeleteDialog (spec section 4)', () => {
  it('fires the delete, then after 1500 ms shows success, closes and goes on', async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const onDeleted = vi.fn();
    renderWithProviders(
      <OrganizationDeleteDialog organizationId={4} opened onClose={onClose} onDeleted={onDeleted} />,
    );
    expect(screen.getByText('Удалить организацию?')).toBeTruthy();
    expect(screen.getByText('Действие невозможно будет отменить')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить организацию' }));
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe('/api/v1/rest/organizations/4');

    // Not awaited: the server has not answered, and nothing happens before 1500 ms.
    await act(async () => vi.advanceTimersByTime(1400));
    expect(onDeleted).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(100));
    expect(onClose).toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalled();
    expect(await screen.findByText('Организация успешно удалена')).toBeTruthy();
    resolve(jsonResponse({ success: true, message: 'Организация удалена', data: null }));
  });

  it('stays when the server refused within the delay', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, message: 'Нет прав', data: null }, 403)),
    );
    const onDeleted = vi.fn();
    renderWithProviders(
      <OrganizationDeleteDialog organizationId={4} opened onClose={() => {}} onDeleted={onDeleted} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Удалить организацию' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(onDeleted).not.toHaveBeenCalled();
    expect(await screen.findByText('Нет прав')).toBeTruthy();
    expect(screen.queryByText('Организация успешно удалена')).toBeNull();
  });
});
