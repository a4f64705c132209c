import { Paper } from '@mantine/core';
import { type FailedQuery, ListError } from './list-frame/list-states';

type LoadErrorProps = {
  /** The screen's own failure text (spec section 8's, where it names one). */
  title: string;
  query: FailedQuery;
};

/**
 * A screen whose data failed to load says so in place, with the server's reason and 'Повторить'; its query
 * shows no toast, so the failure has one message (decision 0164).
 */
export function LoadError({ title, query }: LoadErrorProps) {
  return (
    <Paper withBorder>
      <ListError title={title} query={query} />
    </Paper>
  );
}
