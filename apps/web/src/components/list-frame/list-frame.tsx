import { Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListPage } from '@/lib/list-page';
import type { SearchBox } from '@/lib/use-search-text';
import { ListPagination } from './list-pagination';
import { ListSearch } from './list-search';

type ListFrameProps = {
  /** The list query of the screen; its first load, refetches, emptiness and meta drive the frame. */
  list: UseQueryResult<ListPage<unknown>>;
  /** The page asked for, shown until the answer's meta says otherwise. */
  page: number;
  onPageChange: (page: number) => void;
  /** The 'Поиск' box above the list and its accessible name ('Поиск тарифов'). */
  search?: { box: SearchBox; label: string };
  children: ReactNode;
};

/**
 * The frame of the admin lists: search, loading and empty states and the pagination. A failed load
 * shows 'Нет данных' like an empty one; the query client toasts the failure.
 */
export function ListFrame({ list, page: requestedPage, onPageChange, search, children }: ListFrameProps) {
  const { isPending, isFetching, data } = list;
  const isEmpty = (data?.items.length ?? 0) === 0;
  // The table stays mounted whatever the state (its headers show, and dialogs it owns are not torn
  // down when the last row goes).
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
    <>
      {search && (
        <Group mb="md">
          <ListSearch box={search.box} label={search.label} />
        </Group>
      )}
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
        <ListPagination
          pages={data?.meta.pages ?? 1}
          page={data?.meta.page ?? requestedPage}
          onChange={onPageChange}
        />
      </Stack>
    </>
  );
}
