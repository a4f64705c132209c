import { Center, Group, Loader, Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import type { ListPage } from '@/lib/list-page';
import type { SearchBox } from '@/lib/use-search-text';
import { componentTexts } from '../texts';
import { ListPagination } from './list-pagination';
import { ListSearch } from './list-search';
import { emptyHint, ListEmpty, ListError, StaleNotice } from './list-states';

type ListFrameProps = {
  /** The list query of the screen; its first load, refetches, emptiness and meta drive the frame. */
  list: UseQueryResult<ListPage<unknown>>;
  /** The page asked for, shown until the answer's meta says otherwise. */
  page: number;
  onPageChange: (page: number) => void;
  /**
   * The 'Поиск' box above the list, its accessible name ('Поиск тарифов') and the search the list was
   * asked for (named when nothing is found).
   */
  search?: { box: SearchBox; label: string; query: string };
  /** What a failed load says (the spec's text for this list); its query shows no toast of its own. */
  errorText: string;
  /** The next step under 'Нет данных' when the list is empty without a search ('Создайте первую организацию'). */
  emptyNextStep?: string;
  children: ReactNode;
};

/**
 * The frame of the admin lists: search, loading, empty and failed states and the pagination. A failed load
 * shows its text and 'Повторить' in place of the rows (decision 0164); a failed refresh of rows already
 * shown says so above them.
 */
export function ListFrame({
  list,
  page: requestedPage,
  onPageChange,
  search,
  errorText,
  emptyNextStep,
  children,
}: ListFrameProps) {
  const t = useText(componentTexts);
  const { isPending, isFetching, isError, data } = list;
  const isEmpty = (data?.items.length ?? 0) === 0;
  // The table stays mounted whatever the state (its headers show, and dialogs it owns are not torn
  // down when the last row goes).
  let status: ReactNode = null;
  if (isPending && !isError) {
    status = (
      <Center py="xl">
        <Loader aria-label={t('Загрузка')} />
      </Center>
    );
  } else if (isError && !data) {
    status = <ListError title={errorText} query={list} />;
  } else if (isEmpty) {
    status = <ListEmpty hint={emptyHint(search?.query, emptyNextStep)} />;
  }

  return (
    <>
      {search && (
        <Group mb="md">
          <ListSearch box={search.box} label={search.label} />
        </Group>
      )}
      <Stack gap="md">
        {isError && data && <StaleNotice title={errorText} query={list} />}
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
