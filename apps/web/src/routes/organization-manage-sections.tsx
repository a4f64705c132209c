import type { Organization } from '@cabinet/contracts';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { MembersManager } from '@/features/members/components/members-manager';
import { OrganizationDeleteDialog } from '@/features/organizations/components/organization-delete-dialog';
import { OrganizationForm } from '@/features/organizations/components/organization-form';

type OrganizationManageSectionsProps = {
  organization: Organization;
  /** After saving or deleting: the owner goes home, an admin back to the list. */
  onDone: () => void;
  /** 'Отмена' besides resetting the form (the admin screen reloads the organization). */
  onCancel?: () => void;
};

/**
 * 'Настройки организации' and 'Управление участниками' (spec section 2). The owner's screen and the
 * admin's share them, since the spec gives both the same behaviours.
 */
export function OrganizationManageSections({
  organization,
  onDone,
  onCancel,
}: OrganizationManageSectionsProps) {
  const [deleteOpened, setDeleteOpened] = useState(false);
  const titleId = useId();
  return (
    <Stack gap="xl">
      <Paper withBorder p={{ base: 'md', xs: 'xl' }} component="section" aria-labelledby={titleId}>
        <Stack gap="lg">
          <Title id={titleId} order={2} size="h4">
            Настройки организации
          </Title>
          <OrganizationForm
            mode="edit"
            organization={organization}
            onSaved={onDone}
            onCancel={onCancel}
            extraActions={
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => setDeleteOpened(true)}
              >
                Удалить организацию
              </Button>
            }
          />
        </Stack>
      </Paper>
      <MembersManager organizationId={organization.id} members={organization.members} />
      <OrganizationDeleteDialog
        organizationId={organization.id}
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        onDeleted={onDone}
      />
    </Stack>
  );
}
