import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDeletePreview } from '@/features/profile/api/delete-account';
import { DeletedOrganizationsPreview } from '@/features/profile/components/deleted-organizations-preview';
import { useDeleteUser } from '../api/delete-user';

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
  const preview = useDeletePreview(userId, opened);
  const remove = useDeleteUser();
  const busy = remove.isPending;

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title="Удалить пользователя?"
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="md">
        <Text size="sm">
          Аккаунт {userName}, его файлы и участие в организациях будут удалены. Действие невозможно будет
          отменить.
        </Text>
        <DeletedOrganizationsPreview preview={preview} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Отмена
          </Button>
          <Button color="red" loading={busy} onClick={() => remove.mutate(userId, { onSuccess: onDeleted })}>
            Удалить пользователя
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
