import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

type DangerZoneProps = {
  /** What happens there, in a sentence. */
  description: ReactNode;
  /** The actions that cannot be undone ('Передать организацию', 'Удалить организацию', 'Покинуть …'). */
  children: ReactNode;
};

/**
 * 'Опасная зона' (issue 34, rule 6): the actions that cannot be undone, in a red-bordered card at the bottom
 * of a screen, apart from the forms one uses every day.
 */
export function DangerZone({ description, children }: DangerZoneProps) {
  const t = useText(componentTexts);
  const titleId = useId();
  return (
    <Paper
      withBorder
      p={{ base: 'md', xs: 'xl' }}
      component="section"
      aria-labelledby={titleId}
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Stack gap="sm">
        <Title id={titleId} order={2} size="h4" c="red.9">
          {t('Опасная зона')}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Group gap="sm">{children}</Group>
      </Stack>
    </Paper>
  );
}
