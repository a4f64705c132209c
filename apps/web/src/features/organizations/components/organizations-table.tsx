import type { OrganizationListItem } from '@cabinet/contracts';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconEye, IconSettings } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CardList, CardListItem } from '@/components/list-frame/card-list';
import { ListTable } from '@/components/list-frame/list-table';
import classes from '@/components/list-frame/table.module.css';
import { NameAvatar } from '@/components/name-avatar';
import { isNearLimit, PlanUsage } from '@/components/plan-usage';
import { TooltipAction } from '@/components/tooltip-action';
import { paths } from '@/config/paths';
import { MEMBERS_OF } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { referenceName } from '@/lib/reference-names';
import { organizationTexts } from '../texts';
import { MemberAvatarStack } from './member-avatar-stack';

type OrganizationsTableProps = {
  organizations: readonly OrganizationListItem[];
  /** What shows instead of rows: 'Нет данных' and the next step, or the failed load (list-states.tsx). */
  empty?: ReactNode;
  /** The organizations the viewer manages as an organization admin (decision 0132), not as the owner. */
  managedIds?: ReadonlySet<number>;
};

const NONE: ReadonlySet<number> = new Set();

/** How the viewer stands in a row's organization: its owner, its admin, or a member who only views it. */
type Standing = 'owner' | 'admin' | 'member';

const standingOf = (organization: OrganizationListItem, managedIds: ReadonlySet<number>): Standing =>
  organization.is_your ? 'owner' : managedIds.has(organization.id) ? 'admin' : 'member';

/**
 * The way into an organization: its owner and its organization admins manage it (the settings gear); a
 * member only views it, so the button says 'Открыть' (issue 16). Both open organization-collaborators,
 * which shows each their view.
 */
function SettingsButton({
  organization,
  standing,
}: {
  organization: OrganizationListItem;
  standing: Standing;
}) {
  const t = useText(organizationTexts);
  const href = paths.organizationCollaborators.getHref(organization.id, organization.name);
  if (standing === 'member') {
    return (
      <Button
        component={Link}
        to={href}
        variant="light"
        size="xs"
        leftSection={<IconEye size={16} aria-hidden />}
        aria-label={t('Открыть организацию {name}', { name: organization.name })}
        style={{ flexShrink: 0 }}
      >
        {t('Открыть')}
      </Button>
    );
  }
  return (
    <TooltipAction
      tooltip={t('Настройки')}
      label={t('Настройки организации {name}', { name: organization.name })}
      icon={<IconSettings size={18} aria-hidden />}
      to={href}
      variant="light"
      size="lg"
    />
  );
}

function OrganizationName({
  organization,
  standing,
}: {
  organization: OrganizationListItem;
  standing: Standing;
}) {
  const t = useText(organizationTexts);
  return (
    <Group gap="sm" wrap="nowrap">
      <NameAvatar src={organization.files[0]?.url ?? null} name={organization.name} radius="md" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {/* The name opens the organization (issue 34, rule 3); the keyboard reaches it as a link. */}
        <Anchor
          component={Link}
          to={paths.organizationCollaborators.getHref(organization.id, organization.name)}
          fw={600}
          size="sm"
          c="inherit"
          style={{ overflowWrap: 'anywhere' }}
        >
          {organization.name}
        </Anchor>
        {standing !== 'member' && (
          <Text size="xs" c="dimmed">
            {standing === 'owner' ? t('Вы владелец') : t('Вы администратор')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The Участники column: the faces and how many of the plan's seats are taken (issue 16). */
function Members({ organization }: { organization: OrganizationListItem }) {
  const limit = organization.members_count + organization.remaining_members;
  return (
    <Stack gap={4}>
      <MemberAvatarStack members={organization.members} total={organization.members_count} />
      <PlanUsage
        size="xs"
        used={organization.members_count}
        limit={limit}
        forms={MEMBERS_OF}
        upgrade={organization.is_your && isNearLimit(organization.members_count, limit)}
      />
    </Stack>
  );
}

/**
 * 'Ваши организации': a table from 720 px up (Название, Тип, Участники, Действия), a list of cards on
 * phones, so nothing scrolls sideways.
 */
export function OrganizationsTable({ organizations, empty, managedIds = NONE }: OrganizationsTableProps) {
  const t = useText(organizationTexts);
  const navigate = useNavigate();
  // The whole row or card opens the organization; its own links and buttons (the gear) keep theirs.
  const openRow = (organization: OrganizationListItem) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    navigate(paths.organizationCollaborators.getHref(organization.id, organization.name));
  };
  return (
    <>
      <ListTable
        columns={[t('Название'), t('Тип'), t('Участники')]}
        actions
        horizontalSpacing={undefined}
        highlightOnHover
        visibleFrom="xs"
        aria-label={t('Ваши организации')}
        empty={organizations.length === 0 ? empty : undefined}
      >
        {organizations.map((organization) => (
          <Table.Tr key={organization.id} className={classes.row} onClick={openRow(organization)}>
            <Table.Td>
              <OrganizationName organization={organization} standing={standingOf(organization, managedIds)} />
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {referenceName(organization.type)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Members organization={organization} />
            </Table.Td>
            <Table.Td>
              <SettingsButton organization={organization} standing={standingOf(organization, managedIds)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>

      <CardList label={t('Ваши организации')} empty={organizations.length === 0 ? empty : undefined}>
        {organizations.map((organization) => (
          <CardListItem key={organization.id}>
            <Stack gap="sm" className={classes.row} onClick={openRow(organization)}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <OrganizationName
                  organization={organization}
                  standing={standingOf(organization, managedIds)}
                />
                <SettingsButton organization={organization} standing={standingOf(organization, managedIds)} />
              </Group>
              <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {referenceName(organization.type)}
                </Badge>
                <Members organization={organization} />
              </Group>
            </Stack>
          </CardListItem>
        ))}
      </CardList>
    </>
  );
}
