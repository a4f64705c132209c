import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type CardListProps = {
  /** Accessible name of the list ('Участники'). */
  label?: string;
  /** Shown as the only item when the list is empty, failed, or loads (list-states.tsx). */
  empty?: ReactNode;
  children: ReactNode;
};

/**
 * A list shown as cards below 576 px, where its table would scroll sideways and hide its actions
 * (members, organizations, payments).
 */
export function CardList({ label, empty, children }: CardListProps) {
  return (
    <Stack
      gap="xs"
      hiddenFrom="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {empty && <li>{empty}</li>}
      {children}
    </Stack>
  );
}

/** One card of a CardList. */
export function CardListItem({ children }: { children: ReactNode }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      {children}
    </Paper>
  );
}
