import { Text } from '@mantine/core';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { paths } from '@/config/paths';
import { useDeleteUser } from '@/features/admin/users/api/delete-user';
import { adminUsersTexts } from '@/features/admin/users/texts';
import { useDeletePreview } from '@/features/profile/api/delete-account';
import {
  blocksDeletion,
  DeletedOrganizationsPreview,
} from '@/features/profile/components/deleted-organizations-preview';
import { useText } from '@/lib/i18n';
import { OwnedOrganizationActions } from '../owned-organization-actions';

type UserDeleteDialogProps = {
  userId: number;
  userName: string;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
};

/**
 * 'Удалить пользователя' of admin user settings: lists the organizations that go with the account
 * first, then deletes it ('Пользователь удалён' / 'Не удалось удалить пользователя', spec section 8).
 */
export function UserDeleteDialog({ userId, userName, opened, onClose, onDeleted }: UserDeleteDialogProps) {
  const t = useText(adminUsersTexts);
  const preview = useDeletePreview(userId, opened);
  const remove = useDeleteUser();

  return (
    <ConfirmDeleteDialog
      opened={opened}
      onClose={onClose}
      title={t('Удалить пользователя?')}
      confirmLabel={t('Удалить пользователя')}
      busy={remove.isPending}
      // An organization with other members must be transferred or deleted first (decision 0134).
      confirmDisabled={preview.isPending || blocksDeletion(preview.data)}
      onConfirm={() => remove.mutate(userId, { onSuccess: onDeleted })}
    >
      <Text size="sm">
        {t(
          'Аккаунт {name}, его файлы и участие в организациях будут удалены. Действие невозможно будет отменить.',
          { name: userName },
        )}
      </Text>
      <DeletedOrganizationsPreview
        preview={preview}
        organizationActions={(organization) => (
          <OwnedOrganizationActions
            organization={organization}
            settingsHref={paths.admin.organizationSettings.getHref(organization.id, organization.name)}
          />
        )}
      />
    </ConfirmDeleteDialog>
  );
}
