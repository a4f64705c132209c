import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

// What a list shows instead of its rows (issue 16, decision 0164): an empty list keeps the spec's
// 'Нет данных' and adds the next step, and a list that failed to load says so and offers 'Повторить',
// so that an empty list is never mistaken for a failure.

export const EMPTY_LIST = 'Нет данных';
export const RETRY = 'Повторить';

/** The line under 'Нет данных': what the search found nothing for, else the list's own next step. */
export function emptyHint(search: string | undefined, nextStep?: string): string | undefined {
  const text = search?.trim();
  return text ? `Ничего не найдено по запросу «${text}»` : nextStep;
}

export function ListEmpty({ hint, compact = false }: { hint?: string; compact?: boolean }) {
  return (
    <Stack gap={4} align="center" py={compact ? 'md' : 'xl'} px="md" ta="center">
      <Text c="dimmed">{EMPTY_LIST}</Text>
      {hint && <Text size="sm">{hint}</Text>}
    </Stack>
  );
}

/** What a failed state needs of its query. */
export type FailedQuery = Pick<UseQueryResult, 'error' | 'refetch' | 'isFetching'>;

type ListErrorProps = {
  /** The list's own failure text (spec section 8's, where it names one). */
  title: string;
  query: FailedQuery;
  compact?: boolean;
};

/** A list that could not be loaded: its text, the server's reason when it adds one, and 'Повторить'. */
export function ListError({ title, query, compact = false }: ListErrorProps) {
  const { error } = query;
  const detail = error instanceof ApiError && error.message !== title ? error.message : null;
  return (
    <Stack gap="xs" align="center" py={compact ? 'md' : 'xl'} px="md" ta="center" role="alert">
      <Text fw={600}>{title}</Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {RETRY}
      </Button>
    </Stack>
  );
}
