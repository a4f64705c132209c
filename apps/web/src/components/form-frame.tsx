import { Button, Group, Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

type FormFrameProps = {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Saving: every button waits, the submit button spins. */
  busy: boolean;
  submitLabel: string;
  /** Nothing valid (or, on settings, nothing changed) to save yet. */
  submitDisabled: boolean;
  onCancel: () => void;
  /** Buttons on the left of the footer ('Удалить тариф', 'Удалить аккаунт'). */
  extraActions?: ReactNode;
  /** A bordered card of this width around the form; without it the screen's own section holds it. */
  cardWidth?: number;
  /** Space between the fields. */
  gap?: 'md' | 'lg';
  children: ReactNode;
};

/**
 * The frame of the cabinet's create and settings forms (spec section 2): the fields, then 'Отмена' and
 * the submit button on the right and the screen's extra actions on the left, all waiting while it saves.
 */
export function FormFrame({
  onSubmit,
  busy,
  submitLabel,
  submitDisabled,
  onCancel,
  extraActions,
  cardWidth,
  gap = 'md',
  children,
}: FormFrameProps) {
  const form = (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Stack gap={gap}>
        {children}
        <Group justify="space-between" gap="sm" mt="sm">
          <Group gap="sm">{extraActions}</Group>
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Отмена
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
  if (cardWidth === undefined) return form;
  return (
    <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw={cardWidth}>
      {form}
    </Paper>
  );
}
