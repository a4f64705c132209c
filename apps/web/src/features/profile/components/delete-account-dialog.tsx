import { Text } from '@mantine/core';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
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

  return (
    <ConfirmDeleteDialog
      opened={opened}
      onClose={onClose}
      title="Удалить аккаунт?"
      confirmLabel="Удалить аккаунт"
      busy={remove.isPending}
      confirmDisabled={preview.isPending}
      onConfirm={() => remove.mutate(userId, { onSuccess: onDeleted })}
    >
      <Text size="sm">
        Аккаунт, его файлы и участие в организациях будут удалены. Действие невозможно будет отменить.
      </Text>
      <DeletedOrganizationsPreview
        preview={preview}
        showError
        emptyText="Вы не владеете ни одной организацией."
      />
    </ConfirmDeleteDialog>
  );
}
