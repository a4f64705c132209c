import type { Member } from '@cabinet/contracts';
import { ActionIcon, Avatar, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { displayName } from '@/lib/format';
import { isOwner, memberTypeLabel, sortMembers } from './member-status';

type MembersTableProps = {
  members: readonly Member[];
  /** Show the Действия column with accept and remove buttons. */
  manageable: boolean;
  /** The id of the account whose button is busy. */
  busyAccountId?: number | null;
  onRemove?: (member: Member) => void;
  onAccept?: (member: Member) => void;
};

function MemberStatus({ member }: { member: Member }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant={isOwner(member) ? 'filled' : 'light'} radius="sm" tt="none">
        {memberTypeLabel(member.type_id)}
      </Badge>
      {member.status === 'pending' && (
        <Badge color="orange" variant="light" radius="sm" tt="none">
          Запрос на вступление
        </Badge>
      )}
    </Group>
  );
}

type MemberActionsProps = Pick<MembersTableProps, 'onRemove' | 'onAccept'> & {
  member: Member;
  busy: boolean;
};

function MemberActions({ member, busy, onRemove, onAccept }: MemberActionsProps) {
  if (isOwner(member)) return null;
  const name = displayName(member.account);
  const pending = member.status === 'pending';
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {pending && onAccept && (
        <Tooltip label="Принять запрос">
          <ActionIcon
            variant="light"
            color="green"
            size="lg"
            aria-label={`Принять запрос ${name}`}
            onClick={() => onAccept(member)}
            loading={busy}
          >
            <IconCheck size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {onRemove && (
        <Tooltip label={pending ? 'Отклонить запрос' : 'Удалить из организации'}>
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            aria-label={`${pending ? 'Отклонить запрос' : 'Удалить участника'} ${name}`}
            onClick={() => onRemove(member)}
            loading={busy}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * Members of an organization: Имя, Логин, Статус, Действия (spec section 2); on phones a list of cards,
 * so the actions never hide behind a sideways scroll.
 */
export function MembersTable({ members, manageable, busyAccountId, onRemove, onAccept }: MembersTableProps) {
  const rows = sortMembers(members);
  return (
    <>
      <Stack
        gap="xs"
        hiddenFrom="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Участники"
      >
        {rows.length === 0 && (
          <Text component="li" c="dimmed" ta="center" py="md">
            Нет данных
          </Text>
        )}
        {rows.map((member) => {
          const name = displayName(member.account);
          return (
            <Paper key={member.id} component="li" withBorder p="sm" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar
                  src={member.account.avatar_url}
                  name={name}
                  color="initials"
                  size={36}
                  radius="xl"
                  alt=""
                />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {member.account.name || '—'}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {member.account.email}
                  </Text>
                  <MemberStatus member={member} />
                </Stack>
                {manageable && (
                  <MemberActions
                    member={member}
                    busy={busyAccountId === member.account_id}
                    onRemove={onRemove}
                    onAccept={onAccept}
                  />
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Table.ScrollContainer minWidth={manageable ? 560 : 440} visibleFrom="xs">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Имя</Table.Th>
              <Table.Th>Логин</Table.Th>
              <Table.Th>Статус</Table.Th>
              {manageable && <Table.Th style={{ width: 1, whiteSpace: 'nowrap' }}>Действия</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={manageable ? 4 : 3}>
                  <Text c="dimmed" ta="center" py="md">
                    Нет данных
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((member) => {
              const name = displayName(member.account);
              const busy = busyAccountId === member.account_id;
              return (
                <Table.Tr key={member.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        src={member.account.avatar_url}
                        name={name}
                        color="initials"
                        size={32}
                        radius="xl"
                        alt=""
                      />
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {member.account.name || '—'}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {member.account.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <MemberStatus member={member} />
                  </Table.Td>
                  {manageable && (
                    <Table.Td>
                      <MemberActions member={member} busy={busy} onRemove={onRemove} onAccept={onAccept} />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
