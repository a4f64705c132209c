import { Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { textNow, useText } from '@/lib/i18n/catalogue';
import { quoted } from '@/lib/quoted';
import { componentTexts } from '../texts';

// What a list shows instead of its rows (issue 16, decision 0164): an empty list keeps the spec's
// 'Нет данных' and adds the next step, and a list that failed to load says so and offers 'Повторить',
// so that an empty list is never mistaken for a failure.

export const EMPTY_LIST = 'Нет данных';
export const RETRY = 'Повторить';

/** The line under 'Нет данных': what the search found nothing for, else the list's own next step. */
export function emptyHint(search: string | undefined, nextStep?: string): string | undefined {
  const text = search?.trim();
  return text
    ? textNow(componentTexts)('Ничего не найдено по запросу {query}', { query: quoted(text) })
    : nextStep;
}

export function ListEmpty({ hint, compact = false }: { hint?: string; compact?: boolean }) {
  const t = useText(componentTexts);
  return (
    <Stack gap={4} align="center" py={compact ? 'md' : 'xl'} px="md" ta="center">
      <Text c="dimmed">{t(EMPTY_LIST)}</Text>
      {hint && <Text size="sm">{hint}</Text>}
    </Stack>
  );
}

/** What a failed state needs of its query (or of a next page's fetch: its fetchNextPage as `refetch`). */
export type FailedQuery = Pick<UseQueryResult, 'error' | 'isFetching'> & { refetch: () => Promise<unknown> };

type ListErrorProps = {
  /** The list's own failure text (spec section 8's, where it names one). */
  title: string;
  query: FailedQuery;
  compact?: boolean;
};

/** A list that could not be loaded: its text, the server's reason when it adds one, and 'Повторить'. */
export function ListError({ title, query, compact = false }: ListErrorProps) {
  const t = useText(componentTexts);
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
        {t(RETRY)}
      </Button>
    </Stack>
  );
}

/**
 * Rows already shown whose refresh failed: they stay, with this line above them, so the failure is neither
 * hidden nor mistaken for the rows being gone.
 */
export function StaleNotice({ title, query }: Omit<ListErrorProps, 'compact'>) {
  const t = useText(componentTexts);
  return (
    <Group justify="space-between" gap="sm" role="alert">
      <Text size="sm" c="red.9">
        {t('{title}. Показаны прежние данные.', { title })}
      </Text>
      <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
        {t(RETRY)}
      </Button>
    </Group>
  );
}
