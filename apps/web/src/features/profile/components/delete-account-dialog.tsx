import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatCount, MEMBER_FORMS } from '@/lib/format';
import { useDeleteAccount, useDeletePreview } from '../api/delete-account';

type DeleteAccountDialogProps = {
  userId: number;
  opened: boolean;
  /** 'self': the signed-in user's own account; 'admin': someone else's. */
  mode: 'self' | 'admin';
  onClose: () => void;
  onDeleted: () => void;
};

/**
 * Confirmation of 'Удалить аккаунт' that lists the organizations deleted with the account first
 * (product-decisions, Organizations and members).
 */
export function DeleteAccountDialog({ userId, opened, mode, onClose, onDeleted }: DeleteAccountDialogProps) {
  const preview = useDeletePreview(userId, opened);
  const remove = useDeleteAccount();
  const organizations = preview.data?.organizations ?? [];
  const busy = remove.isPending;

  const confirm = () => remove.mutate(userId, { onSuccess: onDeleted });

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={mode === 'self' ? 'Удалить аккаунт?' : 'Удалить пользователя?'}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="md">
        <Text size="sm">
          {mode === 'self'
            ? 'Аккаунт, его файлы и участие в организациях будут удалены. Действие невозможно будет отменить.'
            : 'Аккаунт пользователя, его файлы и участие в организациях будут удалены. Действие невозможно будет отменить.'}
        </Text>
        {preview.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Проверяем организации…
            </Text>
          </Group>
        )}
        {preview.isError && (
          <Text size="sm" c="red.7" role="alert">
            Не удалось получить список организаций, которые будут удалены.
          </Text>
        )}
        {preview.isSuccess && organizations.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="Вместе с аккаунтом будут удалены организации"
          >
            <List size="sm" spacing={4} aria-label="Организации, которые будут удалены">
              {organizations.map((organization) => (
                <List.Item key={organization.id}>
                  <Text span fw={600} size="sm">
                    {organization.name}
                  </Text>{' '}
                  <Text span c="dimmed" size="sm">
                    ({formatCount(organization.members_count, MEMBER_FORMS)})
                  </Text>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {preview.isSuccess && organizations.length === 0 && (
          <Text size="sm" c="dimmed">
            {mode === 'self'
              ? 'Вы не владеете ни одной организацией.'
              : 'Пользователь не владеет организациями.'}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Отмена
          </Button>
          <Button color="red" onClick={confirm} loading={busy} disabled={preview.isPending}>
            Удалить аккаунт
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
