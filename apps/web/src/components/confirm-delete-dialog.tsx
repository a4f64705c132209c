import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

type ConfirmDeleteDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** 'Удалить организацию?' */
  title: string;
  /** The red button: 'Удалить организацию'. */
  confirmLabel: string;
  onConfirm: () => void;
  /** The delete is under way: the dialog stays open and 'Отмена' is off until it ends. */
  busy: boolean;
  /** The confirm button's colour: red for a delete, the theme's for a confirmation that deletes nothing. */
  confirmColor?: string;
  /** The red button waits (a preview of what goes with it is loading). */
  confirmDisabled?: boolean;
  /** What the delete takes with it ('Действие невозможно будет отменить' and the like). */
  children: ReactNode;
};

/**
 * The one delete confirmation of the cabinet (organizations, accounts, plans, members): its text, then
 * 'Отмена' (focused, so Enter does not delete) and the red button.
 */
export function ConfirmDeleteDialog({
  opened,
  onClose,
  title,
  confirmLabel,
  onConfirm,
  busy,
  confirmDisabled,
  confirmColor = 'red',
  children,
}: ConfirmDeleteDialogProps) {
  const t = useText(componentTexts);
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={title}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('Закрыть') }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('Отмена')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
