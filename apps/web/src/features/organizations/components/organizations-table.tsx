import type { OrganizationListItem } from '@cabinet/contracts';
import { ActionIcon, Avatar, Badge, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { MemberAvatarStack } from './member-avatar-stack';

type OrganizationsTableProps = { organizations: readonly OrganizationListItem[] };

function SettingsButton({ organization }: { organization: OrganizationListItem }) {
  return (
    <Tooltip label="Настройки">
      <ActionIcon
        component={Link}
        to={paths.organizationCollaborators.getHref(organization.id, organization.name)}
        variant="light"
        size="lg"
        aria-label={`Настройки организации ${organization.name}`}
      >
        <IconSettings size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function OrganizationName({ organization }: { organization: OrganizationListItem }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar
        src={organization.files[0]?.url ?? null}
        name={organization.name}
        color="initials"
        radius="md"
        alt=""
      />
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
      <Table verticalSpacing="sm" highlightOnHover visibleFrom="xs" aria-label="Ваши организации">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Название</Table.Th>
            <Table.Th>Тип</Table.Th>
            <Table.Th>Участники</Table.Th>
            <Table.Th style={{ width: 1, whiteSpace: 'nowrap' }}>Действия</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organizations.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" ta="center" py="lg">
                  {EMPTY}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
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
        </Table.Tbody>
      </Table>

      <Stack
        gap="sm"
        hiddenFrom="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Ваши организации"
      >
        {organizations.length === 0 && (
          <Text component="li" c="dimmed" ta="center" py="lg">
            {EMPTY}
          </Text>
        )}
        {organizations.map((organization) => (
          <Card key={organization.id} component="li" withBorder padding="md" radius="md">
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
          </Card>
        ))}
      </Stack>
    </>
  );
}
