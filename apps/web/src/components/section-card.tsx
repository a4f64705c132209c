import { Group, Paper, Stack, type StackProps, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type SectionCardProps = {
  title: ReactNode;
  /** Beside the title: a count or a button. */
  aside?: ReactNode;
  gap?: StackProps['gap'];
  /** Narrower padding, for cards that share a row or hold a table. */
  compact?: boolean;
  children: ReactNode;
};

/** A titled card of a screen ('Управление участниками', 'История платежей'), a region named by its title. */
export function SectionCard({ title, aside, gap = 'lg', compact, children }: SectionCardProps) {
  const titleId = useId();
  const heading = (
    <Title id={titleId} order={2} size="h4">
      {title}
    </Title>
  );
  return (
    <Paper
      withBorder
      p={compact ? { base: 'sm', xs: 'md' } : { base: 'md', xs: 'xl' }}
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap={gap}>
        {aside ? (
          <Group justify="space-between" gap="sm">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
