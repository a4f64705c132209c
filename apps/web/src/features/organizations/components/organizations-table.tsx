import type { OrganizationListItem } from '@cabinet/contracts';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { CardList, CardListItem } from '@/components/list-frame/card-list';
import { ListTable } from '@/components/list-frame/list-table';
import { NameAvatar } from '@/components/name-avatar';
import { TooltipAction } from '@/components/tooltip-action';
import { paths } from '@/config/paths';
import { MemberAvatarStack } from './member-avatar-stack';

type OrganizationsTableProps = { organizations: readonly OrganizationListItem[] };

function SettingsButton({ organization }: { organization: OrganizationListItem }) {
  return (
    <TooltipAction
      tooltip="Настройки"
      label={`Настройки организации ${organization.name}`}
      icon={<IconSettings size={18} aria-hidden />}
      to={paths.organizationCollaborators.getHref(organization.id, organization.name)}
      variant="light"
      size="lg"
    />
  );
}

function OrganizationName({ organization }: { organization: OrganizationListItem }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <NameAvatar src={organization.files[0]?.url ?? null} name={organization.name} radius="md" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {organization.name}
        </Text>
        {organization.is_your && (
          <Text size="xs" c="dimmed">
            Вы владелец
          </Text>
        )}
      </Stack>
    </Group>
  );
}

const EMPTY = 'Нет данных';

/**
 * 'Ваши организации': a table from 720 px up (Название, Тип, Участники, Действия), a list of cards on
 * phones, so nothing scrolls sideways.
 */
export function OrganizationsTable({ organizations }: OrganizationsTableProps) {
  return (
    <>
      <ListTable
        columns={['Название', 'Тип', 'Участники']}
        actions
        horizontalSpacing={undefined}
        highlightOnHover
        visibleFrom="xs"
        aria-label="Ваши организации"
        emptyText={organizations.length === 0 ? EMPTY : undefined}
      >
        {organizations.map((organization) => (
          <Table.Tr key={organization.id}>
            <Table.Td>
              <OrganizationName organization={organization} />
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {organization.type.name}
              </Badge>
            </Table.Td>
            <Table.Td>
              <MemberAvatarStack members={organization.members} total={organization.members_count} />
            </Table.Td>
            <Table.Td>
              <SettingsButton organization={organization} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>

      <CardList label="Ваши организации" emptyText={organizations.length === 0 ? EMPTY : undefined}>
        {organizations.map((organization) => (
          <CardListItem key={organization.id}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <OrganizationName organization={organization} />
                <SettingsButton organization={organization} />
              </Group>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {organization.type.name}
                </Badge>
                <MemberAvatarStack members={organization.members} total={organization.members_count} />
              </Group>
            </Stack>
          </CardListItem>
        ))}
      </CardList>
    </>
  );
}
