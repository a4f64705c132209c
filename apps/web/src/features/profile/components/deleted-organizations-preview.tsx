import type { AccountDeletePreview } from '@cabinet/contracts';
import { Alert, Group, List, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatCount, MEMBER_FORMS } from '@/lib/format';
import { useText } from '@/lib/i18n/catalogue';
import { profileTexts } from '../texts';

export type OwnedOrganization = AccountDeletePreview['organizations'][number];

type DeletedOrganizationsPreviewProps = {
  preview: UseQueryResult<AccountDeletePreview>;
  /** Shown when the account owns no organization; nothing when omitted. */
  emptyText?: string;
  /** Say so when the list could not be loaded. */
  showError?: boolean;
  /** 'Передать' and 'Удалить' of an organization that keeps the account (the screen composes them). */
  organizationActions?: (organization: OwnedOrganization) => ReactNode;
};

/** 'Команда (3 участника)'. */
function OrganizationName({ organization }: { organization: OwnedOrganization }) {
  return (
    <Text span size="sm">
      <Text span fw={600} size="sm">
        {organization.name}
      </Text>{' '}
      <Text span c="dimmed" size="sm">
        ({formatCount(organization.members_count, MEMBER_FORMS)})
      </Text>
    </Text>
  );
}

/** The account cannot be deleted while it owns an organization with other members (decision 0134). */
export const blocksDeletion = (preview: AccountDeletePreview | undefined) =>
  preview?.organizations.some((o) => o.has_other_members) ?? false;

/**
 * The organizations an account owns, as both delete dialogs show them before anyone confirms
 * (product-decisions, Organizations and members; issue 13): those with other members must be transferred
 * or deleted first, each with its actions; the others go with the account.
 */
export function DeletedOrganizationsPreview({
  preview,
  emptyText,
  showError,
  organizationActions,
}: DeletedOrganizationsPreviewProps) {
  const t = useText(profileTexts);
  const organizations = preview.data?.organizations ?? [];
  const shared = organizations.filter((o) => o.has_other_members);
  const alone = organizations.filter((o) => !o.has_other_members);
  return (
    <>
      {preview.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('Проверяем организации…')}
          </Text>
        </Group>
      )}
      {showError && preview.isError && (
        <Text size="sm" c="red.9" role="alert">
          {t('Не удалось получить список организаций, которые будут удалены.')}
        </Text>
      )}
      {preview.isSuccess && shared.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconUsers size={18} aria-hidden />}
          title={t('Сначала передайте или удалите организации с другими участниками')}
        >
          <List size="sm" spacing="xs" aria-label={t('Организации, которые нужно передать или удалить')}>
            {shared.map((organization) => (
              <List.Item key={organization.id}>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <OrganizationName organization={organization} />
                  {organizationActions?.(organization)}
                </Group>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview.isSuccess && alone.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('Вместе с аккаунтом будут удалены организации')}
        >
          <List size="sm" spacing={4} aria-label={t('Организации, которые будут удалены')}>
            {alone.map((organization) => (
              <List.Item key={organization.id}>
                <OrganizationName organization={organization} />
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
