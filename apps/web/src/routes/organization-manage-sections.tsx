import type { Organization } from '@cabinet/contracts';
import { Button, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { SectionCard } from '@/components/section-card';
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
  const _titleId = useId();
  return (
    <Stack gap="xl">
      <SectionCard title="Настройки организации">
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
      </SectionCard>
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
