import { MEMBER_TYPE_OWNER, type Organization } from '@cabinet/contracts';
import { Badge, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { LoadError } from '@/components/load-error';
import { NameAvatar } from '@/components/name-avatar';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { paths, searchParamKeys } from '@/config/paths';
import { OrganizationAuditSection } from '@/features/audit/components/organization-audit-section';
import { useRemoveMember } from '@/features/members/api/remove-member';
import { MembersTable } from '@/features/members/components/members-table';
import { ORGANIZATION_LOAD_FAILED, useOrganization } from '@/features/organizations/api/get-organization';
import { useProfile } from '@/features/profile/api/get-profile';
import { formatCount, MEMBER_FORMS } from '@/lib/format';
import { LEAVE_FORM } from '@/lib/use-unsaved-changes';
import { OrganizationManageSections } from './organization-manage-sections';

function MemberView({ organization, userId }: { organization: Organization; userId: number }) {
  const navigate = useNavigate();
  const leave = useRemoveMember({ failureToast: 'Не удалось покинуть организацию' });

  const [leaveOpened, setLeaveOpened] = useState(false);

  return (
    <Stack gap="xl">
      <Paper withBorder p={{ base: 'md', xs: 'xl' }}>
        <Group justify="space-between" gap="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <NameAvatar
              src={organization.files[0]?.url ?? null}
              name={organization.name}
              size={56}
              radius="md"
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {organization.name}
              </Text>
              <Group gap="xs">
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {organization.type.name}
                </Badge>
                <Text size="sm" c="dimmed">
                  {formatCount(organization.members_count, MEMBER_FORMS)}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Button
            variant="light"
            color="red"
            leftSection={<IconDoorExit size={18} aria-hidden />}
            onClick={() => setLeaveOpened(true)}
            loading={leave.isPending}
          >
            Покинуть организацию
          </Button>
        </Group>
      </Paper>
      <SectionCard title="Участники" gap="md">
        <Text size="sm" c="dimmed">
          Управлять организацией может только её владелец.
        </Text>
        <MembersTable members={organization.members} manageable={false} />
      </SectionCard>
      <ConfirmDeleteDialog
        opened={leaveOpened}
        onClose={() => setLeaveOpened(false)}
        title="Покинуть организацию?"
        confirmLabel="Покинуть"
        busy={leave.isPending}
        onConfirm={() =>
          leave.mutate(
            { organizationId: organization.id, userId },
            { onSuccess: () => navigate(paths.home.getHref()), onSettled: () => setLeaveOpened(false) },
          )
        }
      >
        <Text size="sm">
          Вы потеряете доступ к «{organization.name}». Вернуться можно только по новому приглашению.
        </Text>
      </ConfirmDeleteDialog>
    </Stack>
  );
}

/**
 * Organization settings (spec section 2, organization-collaborators): the owner and admins edit, delete
 * and manage members; a member sees the members and may leave.
 */
export function OrganizationCollaboratorsRoute() {
  const navigate = useNavigate();
  const { orgId } = useParams();
  const [params] = useSearchParams();
  const id = Number(orgId);
  const organization = useOrganization(id);
  const profile = useProfile();
  const name = organization.data?.name ?? params.get(searchParamKeys.orgName) ?? '';

  const me = profile.data;
  const data = organization.data;
  const canManage =
    Boolean(me && data) &&
    (me?.is_admin === true ||
      data?.owner_id === me?.id ||
      data?.members.some((m) => m.account_id === me?.id && m.type_id === MEMBER_TYPE_OWNER) === true);

  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: 'Главная', href: paths.home.getHref() },
          { label: name ? `Организация ${name}` : 'Организация' },
        ]}
        title={name ? `Организация ${name}` : 'Организация'}
      />
      {(organization.isPending || profile.isPending) && !organization.isError && (
        <Stack gap="md" aria-label="Загрузка">
          <Skeleton height={260} />
          <Skeleton height={200} />
        </Stack>
      )}
      {organization.isError && <LoadError title={ORGANIZATION_LOAD_FAILED} query={organization} />}
      {data &&
        me &&
        (canManage ? (
          // 'Журнал' in a tab of its own (decision 0149): mounted when opened, so it loads fresh then and its
          // rows never mix with the members table. The owner and site admins (canManage); the server keeps
          // its own rule (organization admins later).
          <Tabs defaultValue="settings" keepMounted={false}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="settings">Настройки</Tabs.Tab>
              <Tabs.Tab value="journal">Журнал</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="settings">
              <OrganizationManageSections
                organization={data}
                onDone={() => navigate(paths.home.getHref(), { state: LEAVE_FORM })}
              />
            </Tabs.Panel>
            <Tabs.Panel value="journal">
              <OrganizationAuditSection organizationId={data.id} />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <MemberView organization={data} userId={me.id} />
        ))}
    </>
  );
}
