import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDeleteAccount, useDeletePreview } from '../api/delete-account';
import { DeletedOrganizationsPreview } from './deleted-organizations-preview';

type DeleteAccountDialogProps = {
  userId: number;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
};

/**
 * Confirmation of 'Удалить аккаунт' (the signed-in user's own account) that lists the organizations
 * deleted with the account first (product-decisions, Organizations and members).
 */
export function DeleteAccountDialog({ userId, opened, onClose, onDeleted }: DeleteAccountDialogProps) {
  const preview = useDeletePreview(userId, opened);
  const remove = useDeleteAccount();
  const busy = remove.isPending;

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title="Удалить аккаунт?"
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="md">
        <Text size="sm">
          Аккаунт, его файлы и участие в организациях будут удалены. Действие невозможно будет отменить.
        </Text>
        <DeletedOrganizationsPreview
          preview={preview}
          showError
          emptyText="Вы не владеете ни одной организацией."
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Отмена
          </Button>
          <Button
            color="red"
            onClick={() => remove.mutate(userId, { onSuccess: onDeleted })}
            loading={busy}
            disabled={preview.isPending}
          >
            Удалить аккаунт
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
