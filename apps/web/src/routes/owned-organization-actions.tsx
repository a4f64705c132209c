import { Button, Group } from '@mantine/core';
import { IconArrowsExchange, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { OrganizationDeleteDialog } from '@/features/organizations/components/organization-delete-dialog';
import { organizationTexts } from '@/features/organizations/texts';
import type { OwnedOrganization } from '@/features/profile/components/deleted-organizations-preview';
import { useText } from '@/lib/i18n';
import { profileKeys } from '@/lib/query-keys/profile';

type OwnedOrganizationActionsProps = {
  organization: OwnedOrganization;
  /** The organization's settings, where 'Передать организацию' is: the cabinet's or the admin's screen. */
  settingsHref: string;
};

/**
 * 'Передать' and 'Удалить' of an organization that keeps an account from being deleted (issue 13): the
 * first opens its settings, where it is offered to a member; the second deletes it here, after which the
 * account's delete confirmation lists what is left.
 */
export function OwnedOrganizationActions({ organization, settingsHref }: OwnedOrganizationActionsProps) {
  const t = useText(organizationTexts);
  const queryClient = useQueryClient();
  const [deleteOpened, setDeleteOpened] = useState(false);
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component={Link}
        to={settingsHref}
        size="compact-sm"
        variant="light"
        leftSection={<IconArrowsExchange size={14} aria-hidden />}
        aria-label={t('Передать {name}', { name: organization.name })}
      >
        {t('Передать')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => setDeleteOpened(true)}
        aria-label={t('Удалить {name}', { name: organization.name })}
      >
        {t('Удалить')}
      </Button>
      <OrganizationDeleteDialog
        organizationId={organization.id}
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        onDeleted={() => queryClient.invalidateQueries({ queryKey: profileKeys.deletePreviews })}
      />
    </Group>
  );
}
