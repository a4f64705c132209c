import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Blocker } from 'react-router';

/** The question of lib/use-unsaved-changes.ts while a move away from a changed form waits (issue 16). */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const opened = blocker.state === 'blocked';
  return (
    <Modal opened={opened} onClose={() => blocker.reset?.()} title="Уйти без сохранения?" centered>
      <Stack gap="md">
        <Text size="sm">Изменения на этой странице не сохранены. Если уйти, они пропадут.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Остаться
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Уйти без сохранения
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
