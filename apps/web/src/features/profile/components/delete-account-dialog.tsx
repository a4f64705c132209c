import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useText } from '@/lib/i18n/catalogue';
import { useDeleteAccount, useDeletePreview } from '../api/delete-account';
import { profileTexts } from '../texts';
import {
  blocksDeletion,
  DeletedOrganizationsPreview,
  type OwnedOrganization,
} from './deleted-organizations-preview';

type DeleteAccountDialogProps = {
  userId: number;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
  /** 'Передать' and 'Удалить' of an organization with other members (the screen composes them). */
  organizationActions?: (organization: OwnedOrganization) => ReactNode;
};

/**
 * Confirmation of 'Удалить аккаунт' (the signed-in user's own account) that lists the organizations it
 * owns first: those with other members, each to be transferred or deleted before the account can go, and
 * those deleted with it (product-decisions, Organizations and members; decision 0134).
 */
export function DeleteAccountDialog({
  userId,
  opened,
  onClose,
  onDeleted,
  organizationActions,
}: DeleteAccountDialogProps) {
  const t = useText(profileTexts);
  const preview = useDeletePreview(userId, opened);
  const remove = useDeleteAccount();

  return (
    <ConfirmDeleteDialog
      opened={opened}
      onClose={onClose}
      title={t('Удалить аккаунт?')}
      confirmLabel={t('Удалить аккаунт')}
      busy={remove.isPending}
      // An organization with other members keeps the account until it is transferred or deleted.
      confirmDisabled={preview.isPending || blocksDeletion(preview.data)}
      onConfirm={() => remove.mutate(userId, { onSuccess: onDeleted })}
    >
      <Text size="sm">
        {t('Аккаунт, его файлы и участие в организациях будут удалены. Действие невозможно будет отменить.')}
      </Text>
      <DeletedOrganizationsPreview
        preview={preview}
        showError
        emptyText={t('Вы не владеете ни одной организацией.')}
        organizationActions={organizationActions}
      />
    </ConfirmDeleteDialog>
  );
}
