import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type PlaceholderPanelProps = {
  title?: string;
  children: ReactNode;
};

/** Stands in for a screen section that is not built yet, so the route table is complete. */
export function PlaceholderPanel({ title, children }: PlaceholderPanelProps) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="sm" ta="center" py="lg">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconTools size={24} stroke={1.6} />
        </ThemeIcon>
        {title && (
          <Title order={2} size="h4">
            {title}
          </Title>
        )}
        <Text c="dimmed" maw={520}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}
