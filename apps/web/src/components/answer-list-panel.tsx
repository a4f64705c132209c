import { Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { AnswerButtons } from './answer-buttons';
import { type FailedQuery, ListError } from './list-frame/list-states';
import { SectionCard } from './section-card';

type Answer = 'accept' | 'decline';

type AnswerListPanelProps<T extends { id: number }> = {
  title: string;
  /** Names the count beside the title for screen readers: '<countLabel>: 2'. */
  countLabel: string;
  items: T[];
  /** The card's words: what is offered, by whom, until when. */
  describe: (item: T) => ReactNode;
  /** Accessible names of the two buttons, saying what is answered ('Принять приглашение в Команда'). */
  labels: (item: T) => { accept: string; decline: string };
  /** Sends the answer; `onSettled` frees the buttons. */
  onAnswer: (item: T, answer: Answer, options: { onSettled: () => void }) => void;
  /**
   * The list's query and what its failure says: a failed list shows the panel with 'Повторить' instead of
   * hiding it, so what waits for an answer is not silently missing (decision 0170).
   */
  failure?: { query: FailedQuery & { isError: boolean }; title: string };
};

/**
 * A home panel of things waiting for the user's answer (invitations, ownership offers): a card each with
 * 'Принять' and 'Отклонить'; one answer at a time, its button spinning. Nothing when the list is empty.
 */
export function AnswerListPanel<T extends { id: number }>({
  title,
  countLabel,
  items,
  describe,
  labels,
  onAnswer,
  failure,
}: AnswerListPanelProps<T>) {
  const [busy, setBusy] = useState<{ id: number; answer: Answer } | null>(null);
  if (items.length === 0 && failure?.query.isError) {
    return (
      <SectionCard title={title} gap="sm" compact>
        <ListError compact title={failure.title} query={failure.query} />
      </SectionCard>
    );
  }
  if (items.length === 0) return null;

  const answer = (item: T, which: Answer) => {
    setBusy({ id: item.id, answer: which });
    onAnswer(item, which, { onSettled: () => setBusy(null) });
  };

  return (
    <SectionCard
      title={title}
      gap="sm"
      compact
      aside={
        <Text size="sm" c="dimmed" aria-label={`${countLabel}: ${items.length}`}>
          {items.length}
        </Text>
      }
    >
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => {
          const names = labels(item);
          return (
            <li key={item.id}>
              <Paper withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <Stack gap={2}>{describe(item)}</Stack>
                  <AnswerButtons
                    size="xs"
                    onAccept={() => answer(item, 'accept')}
                    onDecline={() => answer(item, 'decline')}
                    pending={busy?.id === item.id ? busy.answer : null}
                    disabled={busy !== null}
                    acceptLabel={names.accept}
                    declineLabel={names.decline}
                  />
                </Stack>
              </Paper>
            </li>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
