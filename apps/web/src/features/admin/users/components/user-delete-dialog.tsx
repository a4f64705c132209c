import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { deletePreviewQueryOptions } from '@/features/profile/api/delete-account';
import { formatCount, MEMBER_FORMS } from '@/lib/format';
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
  const preview = useQuery({ ...deletePreviewQueryOptions(userId), enabled: opened });
  const remove = useDeleteUser();
  const busy = remove.isPending;
  const organizations = preview.data?.organizations ?? [];

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
        {preview.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Проверяем организации…
            </Text>
          </Group>
        )}
        {preview.isSuccess && organizations.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="Вместе с аккаунтом будут удалены организации"
          >
            <List size="sm" spacing={4}>
              {organizations.map((organization) => (
                <List.Item key={organization.id}>
                  {organization.name} ({formatCount(organization.members_count, MEMBER_FORMS)})
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
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
