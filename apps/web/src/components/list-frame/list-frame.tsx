import { Center, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListPage } from '@/lib/list-page';

type ListFrameProps = {
  /** The list query of the screen; its first load, refetches, emptiness and meta drive the frame. */
  list: UseQueryResult<ListPage<unknown>>;
  /** The page asked for, shown until the answer's meta says otherwise. */
  page: number;
  onPageChange: (page: number) => void;
  children: ReactNode;
};

/**
 * Table frame shared by the admin lists: loading and empty states and the pagination. A failed load
 * shows 'Нет данных' like an empty one; the query client toasts the failure.
 */
export function ListFrame({ list, page: requestedPage, onPageChange, children }: ListFrameProps) {
  const { isPending, isFetching, data } = list;
  const isEmpty = (data?.items.length ?? 0) === 0;
  const page = data?.meta.page ?? requestedPage;
  const pages = data?.meta.pages ?? 1;
  // The table stays mounted whatever the state (its headers show, and dialogs it owns, such as a
  // delete running its 1500 ms follow-up, are not torn down when the last row goes).
  let status: ReactNode = null;
  if (isPending) {
    status = (
      <Center py="xl">
        <Loader aria-label="Загрузка" />
      </Center>
    );
  } else if (isEmpty) {
    // Spec section 2's empty-table text in every state (decision 0070); a failed load has its toast.
    status = (
      <Text c="dimmed" ta="center" py="xl">
        Нет данных
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <Paper
        withBorder
        style={{
          overflow: 'hidden',
          opacity: isFetching && !isPending ? 0.6 : 1,
          transition: 'opacity 150ms',
        }}
        aria-busy={isFetching}
      >
        {children}
        {status}
      </Paper>
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': 'Предыдущая страница' }
                : control === 'next'
                  ? { 'aria-label': 'Следующая страница' }
                  : {}
            }
            getItemProps={(item) => ({ 'aria-label': `Страница ${item}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
