import type { UseQueryResult } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { ListPage } from '@/lib/list-page';
import { renderWithProviders } from '@/test/render';
import { ListFrame } from './list-frame';

// Issue 16: an empty list keeps 'Нет данных' and says what to do next; a failed one says it failed.

const meta = { page: 1, pages: 1, perPage: 20, total: 0 };

function list(over: Partial<UseQueryResult<ListPage<unknown>>>) {
  return {
    isPending: false,
    isFetching: false,
    isError: false,
    data: { items: [], meta },
    error: null,
    refetch: vi.fn(),
    ...over,
  } as unknown as UseQueryResult<ListPage<unknown>>;
}

const box = { text: '', setText: () => {}, commit: () => {} };

function renderFrame(query: UseQueryResult<ListPage<unknown>>, search = '') {
  return renderWithProviders(
    <ListFrame
      list={query}
      page={1}
      onPageChange={() => {}}
      search={{ box, label: 'Поиск организаций', query: search }}
      errorText="Не удалось получить данные организации"
      emptyNextStep="Создайте первую организацию"
    >
      <table />
    </ListFrame>,
  );
}

describe('ListFrame', () => {
  it("an empty list: 'Нет данных' and the next step", () => {
    renderFrame(list({}));
    expect(screen.getByText('Нет данных')).toBeTruthy();
    expect(screen.getByText('Создайте первую организацию')).toBeTruthy();
  });

  it('an empty search names what found nothing', () => {
    renderFrame(list({}), 'Альфа');
    expect(screen.getByText('Нет данных')).toBeTruthy();
    expect(screen.getByText('Ничего не найдено по запросу «Альфа»')).toBeTruthy();
  });

  it("a failed load: its text, the server's reason and 'Повторить', never 'Нет данных'", async () => {
    const refetch = vi.fn();
    renderFrame(
      list({
        isError: true,
        data: undefined,
        error: new ApiError(503, 'Сервис временно недоступен, попробуйте позже'),
        refetch,
      } as Partial<UseQueryResult<ListPage<unknown>>>),
    );
    expect(screen.getByRole('alert').textContent).toContain('Не удалось получить данные организации');
    expect(screen.getByText('Сервис временно недоступен, попробуйте позже')).toBeTruthy();
    expect(screen.queryByText('Нет данных')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(refetch).toHaveBeenCalled());
  });
});
