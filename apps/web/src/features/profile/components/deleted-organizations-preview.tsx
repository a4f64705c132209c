import type { AccountDeletePreview } from '@cabinet/contracts';
import { Alert, Group, List, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatCount, MEMBER_FORMS } from '@/lib/format';

type DeletedOrganizationsPreviewProps = {
  preview: UseQueryResult<AccountDeletePreview>;
  /** Shown when the account owns no organization; nothing when omitted. */
  emptyText?: string;
  /** Say so when the list could not be loaded. */
  showError?: boolean;
};

/**
 * The organizations deleted with an account (product-decisions, Organizations and members), as both
 * delete dialogs show them before anyone confirms.
 */
export function DeletedOrganizationsPreview({
  preview,
  emptyText,
  showError,
}: DeletedOrganizationsPreviewProps) {
  const organizations = preview.data?.organizations ?? [];
  return (
    <>
      {preview.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Проверяем организации…
          </Text>
        </Group>
      )}
      {showError && preview.isError && (
        <Text size="sm" c="red.9" role="alert">
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
      {emptyText && preview.isSuccess && organizations.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
    </>
  );
}
