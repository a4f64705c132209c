import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { ApiError } from '@/lib/api-client';
import { CANCEL_RELOAD_FAILED, useReloadOnCancel } from './use-reload-on-cancel';

function setup(fetcher: () => Promise<unknown>) {
  const notify = vi.fn();
  const queryClient = createQueryClient({ notify, onUnauthorized: () => {} });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useReloadOnCancel(['things', 1], fetcher), { wrapper });
  return { notify, queryClient, result };
}

describe("useReloadOnCancel ('Отмена' reloads the stored data)", () => {
  it('puts the fresh data into the screen query', async () => {
    const { queryClient, result, notify } = setup(async () => ({ name: 'Свежее' }));
    act(() => result.current.reload());
    await waitFor(() => expect(queryClient.getQueryData(['things', 1])).toEqual({ name: 'Свежее' }));
    expect(notify).not.toHaveBeenCalled();
  });

  it("says 'Не удалось выполнить операцию отмены' when the reload fails (spec section 8)", async () => {
    const { result, notify } = setup(async () => {
      throw new ApiError(503, 'Сервис недоступен');
    });
    act(() => result.current.reload());
    await waitFor(() => expect(notify).toHaveBeenCalledWith(CANCEL_RELOAD_FAILED));
    expect(CANCEL_RELOAD_FAILED).toBe('Не удалось выполнить операцию отмены');
  });
});
