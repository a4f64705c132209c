import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Blocker } from 'react-router';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

/** The question of lib/use-unsaved-changes.ts while a move away from a changed form waits (issue 16). */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const t = useText(componentTexts);
  const opened = blocker.state === 'blocked';
  return (
    <Modal opened={opened} onClose={() => blocker.reset?.()} title={t('Уйти без сохранения?')} centered>
      <Stack gap="md">
        <Text size="sm">{t('Изменения на этой странице не сохранены. Если уйти, они пропадут.')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('Остаться')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('Уйти без сохранения')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
