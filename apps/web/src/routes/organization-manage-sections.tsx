import type { Organization } from '@cabinet/contracts';
import { Button, Stack } from '@mantine/core';
import { IconArrowsExchange, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DangerZone } from '@/components/danger-zone';
import { SectionCard } from '@/components/section-card';
import { SubmitButton } from '@/components/submit-button';
import { DomainsSection } from '@/features/domains/components/domains-section';
import { OrganizationInvitations } from '@/features/invitations/components/organization-invitations';
import { MembersManager } from '@/features/members/components/members-manager';
import { OrganizationDeleteDialog } from '@/features/organizations/components/organization-delete-dialog';
import { OrganizationForm } from '@/features/organizations/components/organization-form';
import { organizationTexts } from '@/features/organizations/texts';
import { ScimSection } from '@/features/scim/components/scim-section';
import { SsoSection } from '@/features/sso/components/sso-section';
import { TransferOfferDialog } from '@/features/transfers/components/transfer-offer-dialog';
import { WebhooksSection } from '@/features/webhooks/components/webhooks-section';
import { useText } from '@/lib/i18n';
import { LeaveOrganizationButton } from './leave-organization-button';

type OrganizationManageSectionsProps = {
  organization: Organization;
  /**
   * Who looks: the owner or a site admin (`actsAsOwner`) may delete and transfer the organization and
   * manage its admins; an organization admin (type 3) manages members and invitations, and may leave.
   */
  viewer: { id: number; actsAsOwner: boolean };
  /** After saving or deleting: the owner goes home, an admin back to the list. */
  onDone: () => void;
  /** 'Отмена' besides resetting the form (the admin screen reloads the organization). */
  onCancel?: () => void;
  /**
   * The cabinet's order of use (issue 34, rule 6): members and invitations first, then the settings form,
   * then 'Опасная зона'. The admin screen keeps the spec's order: settings first.
   */
  membersFirst?: boolean;
  /** Just created: 'Пригласите участников' with the e-mail field focused (issue 34, rule 4). */
  welcome?: boolean;
};

/**
 * 'Настройки организации', 'Управление участниками' and 'Приглашения' (spec section 2, issue 13). The
 * owner's screen, the organization admin's and the site admin's share them.
 */
export function OrganizationManageSections({
  organization,
  viewer,
  onDone,
  onCancel,
  membersFirst = false,
  welcome = false,
}: OrganizationManageSectionsProps) {
  const t = useText(organizationTexts);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [transferOpened, setTransferOpened] = useState(false);
  const ownerActions = (
    <>
      <SubmitButton
        type="button"
        variant="light"
        leftSection={<IconArrowsExchange size={18} aria-hidden />}
        onClick={() => setTransferOpened(true)}
        // One offer at a time (decision 0133); the notice above says whom it waits for.
        blockedReason={
          organization.transfer !== null
            ? t('Передача уже ожидает ответа: отмените её, чтобы предложить другому участнику')
            : null
        }
      >
        {t('Передать организацию')}
      </SubmitButton>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={() => setDeleteOpened(true)}
      >
        {t('Удалить организацию')}
      </Button>
    </>
  );
  const settings = (
    <SectionCard title={t('Настройки организации')}>
      <OrganizationForm mode="edit" organization={organization} onSaved={onDone} onCancel={onCancel} />
    </SectionCard>
  );
  const people = (
    <>
      <MembersManager
        organizationId={organization.id}
        members={organization.members}
        canManageAdmins={viewer.actsAsOwner}
        viewerId={viewer.id}
        welcome={welcome}
      />
      <OrganizationInvitations organizationId={organization.id} canManageAdmins={viewer.actsAsOwner} />
    </>
  );
  return (
    <Stack gap="xl">
      {membersFirst ? (
        <>
          {people}
          {settings}
        </>
      ) : (
        <>
          {settings}
          {people}
        </>
      )}
      <WebhooksSection scope={{ organizationId: organization.id }} />
      <DomainsSection organizationId={organization.id} />
      <ScimSection organizationId={organization.id} />
      <SsoSection organizationId={organization.id} />
      {viewer.actsAsOwner ? (
        <DangerZone
          description={t('Передача отдаёт организацию другому участнику; удаление нельзя отменить.')}
        >
          {ownerActions}
        </DangerZone>
      ) : (
        <DangerZone
          description={t('Вы потеряете доступ к организации; вернуться можно только по новому приглашению.')}
        >
          <LeaveOrganizationButton organization={organization} userId={viewer.id} />
        </DangerZone>
      )}
      {viewer.actsAsOwner && (
        <>
          <OrganizationDeleteDialog
            organizationId={organization.id}
            opened={deleteOpened}
            onClose={() => setDeleteOpened(false)}
            onDeleted={onDone}
          />
          <TransferOfferDialog
            organization={organization}
            opened={transferOpened}
            onClose={() => setTransferOpened(false)}
          />
        </>
      )}
    </Stack>
  );
}
