import { MEMBER_TYPE_ADMIN, MEMBER_TYPE_OWNER, type Organization, type Profile } from '@cabinet/contracts';
import { Badge, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DangerZone } from '@/components/danger-zone';
import { LoadError } from '@/components/load-error';
import { NameAvatar } from '@/components/name-avatar';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { paths, searchParamKeys } from '@/config/paths';
import { OrganizationAuditSection } from '@/features/audit/components/organization-audit-section';
import { INVITE_FIRST } from '@/features/members/components/members-manager';
import { MembersTable } from '@/features/members/components/members-table';
import { ORGANIZATION_LOAD_FAILED, useOrganization } from '@/features/organizations/api/get-organization';
import { organizationTexts } from '@/features/organizations/texts';
import { useProfile } from '@/features/profile/api/get-profile';
import { TransferNotice } from '@/features/transfers/components/transfer-notice';
import { useText } from '@/lib/i18n';
import { referenceName } from '@/lib/reference-names';
import { LEAVE_FORM } from '@/lib/use-unsaved-changes';
import { LeaveOrganizationButton } from './leave-organization-button';
import { OrganizationManageSections } from './organization-manage-sections';

function MemberView({ organization, userId }: { organization: Organization; userId: number }) {
  const t = useText(organizationTexts);
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
                  {referenceName(organization.type)}
                </Badge>
                <Text size="sm" c="dimmed">
                  {t(
                    '{count, plural, one {# участник} few {# участника} many {# участников} other {# участника}}',
                    { count: organization.members_count },
                  )}
                </Text>
              </Group>
            </Stack>
          </Group>
        </Group>
      </Paper>
      <SectionCard title={t('Участники')} gap="md">
        <Text size="sm" c="dimmed">
          {t('Управлять организацией могут её владелец и администраторы.')}
        </Text>
        <MembersTable members={organization.members} manageable={false} />
      </SectionCard>
      {/* Last, never the page's first control (issue 34, rule 6). */}
      <DangerZone
        description={t('Вы потеряете доступ к организации; вернуться можно только по новому приглашению.')}
      >
        <LeaveOrganizationButton organization={organization} userId={userId} />
      </DangerZone>
    </Stack>
  );
}

/**
 * The viewer's part in an organization: the owner and site admins act as the owner; an active member of
 * type 3 manages it as an organization admin (decision 0132); anyone else only views.
 */
export function viewerRole(organization: Organization, me: Profile) {
  const own = organization.members.find((m) => m.account_id === me.id && m.status === 'active');
  const actsAsOwner = me.is_admin || organization.owner_id === me.id || own?.type_id === MEMBER_TYPE_OWNER;
  return { actsAsOwner, canManage: actsAsOwner || own?.type_id === MEMBER_TYPE_ADMIN };
}

/**
 * Organization settings (spec section 2, organization-collaborators): the owner and site admins edit,
 * delete, transfer and manage members; an organization admin edits and manages members; a member sees the
 * members and may leave. An open ownership offer shows above (issue 13).
 */
export function OrganizationCollaboratorsRoute() {
  const t = useText(organizationTexts);
  const navigate = useNavigate();
  const location = useLocation();
  const { orgId } = useParams();
  const [params] = useSearchParams();
  const id = Number(orgId);
  const organization = useOrganization(id);
  const profile = useProfile();
  const name = organization.data?.name ?? params.get(searchParamKeys.orgName) ?? '';

  const me = profile.data;
  const data = organization.data;
  const role = data && me ? viewerRole(data, me) : null;

  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: t('Главная'), href: paths.home.getHref() },
          { label: name ? t('Организация {name}', { name }) : t('Организация') },
        ]}
        title={name ? t('Организация {name}', { name }) : t('Организация')}
      />
      {(organization.isPending || profile.isPending) && !organization.isError && (
        <Stack gap="md" aria-label={t('Загрузка')}>
          <Skeleton height={260} />
          <Skeleton height={200} />
        </Stack>
      )}
      {organization.isError && <LoadError title={t(ORGANIZATION_LOAD_FAILED)} query={organization} />}
      {data && me && role && (
        <Stack gap="xl">
          <TransferNotice organization={data} viewerId={me.id} canCancel={role.actsAsOwner} />
          {role.canManage ? (
            // 'Журнал' in a tab of its own (decision 0149): mounted when opened, so it loads fresh then and
            // its rows never mix with the members table. Those who manage the organization read it (the
            // owner, its organization admins and site admins), as the server's rule says.
            <Tabs defaultValue="settings" keepMounted={false}>
              <Tabs.List mb="lg">
                <Tabs.Tab value="settings">{t('Организация')}</Tabs.Tab>
                <Tabs.Tab value="journal">{t('Журнал')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="settings">
                <OrganizationManageSections
                  organization={data}
                  viewer={{ id: me.id, actsAsOwner: role.actsAsOwner }}
                  membersFirst
                  welcome={(location.state as Record<string, unknown> | null)?.[INVITE_FIRST] === true}
                  onDone={() => navigate(paths.home.getHref(), { state: LEAVE_FORM })}
                />
              </Tabs.Panel>
              <Tabs.Panel value="journal">
                <OrganizationAuditSection organizationId={data.id} />
              </Tabs.Panel>
            </Tabs>
          ) : (
            <MemberView organization={data} userId={me.id} />
          )}
        </Stack>
      )}
    </>
  );
}
