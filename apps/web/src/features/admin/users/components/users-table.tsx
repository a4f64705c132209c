import type { UserListItem } from '@cabinet/contracts';
import { Anchor, Group, Stack, Table } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmailText } from '@/components/email-text';
import { ListTable } from '@/components/list-frame/list-table';
import classes from '@/components/list-frame/table.module.css';
import { NameAvatar } from '@/components/name-avatar';
import { NO_NAME } from '@/components/person-name';
import { paths } from '@/config/paths';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { referenceName } from '@/lib/reference-names';
import { adminUsersTexts } from '../texts';
import { UserAccountActions } from './user-account-actions';
import { UserStatusBadges } from './user-status-badges';

type UsersTableProps = { users: UserListItem[]; selfId: number | null };

/** Columns ID, Имя, Email, Тип, Действия (spec section 2); on phones the e-mail goes under the name. */
export function UsersTable({ users, selfId }: UsersTableProps) {
  const t = useText(adminUsersTexts);
  const navigate = useNavigate();

  // Spec: clicking a row opens the user's settings. The name is also a link, for the keyboard.
  const openRow = (user: UserListItem) => (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    navigate(paths.admin.userSettings.getHref(user.id, user.name || user.email));
  };

  return (
    <ListTable
      columns={[
        { label: 'ID', visibleFrom: 'xs' },
        t('Имя'),
        { label: 'Email', visibleFrom: 'xs' },
        { label: t('Тип'), visibleFrom: 'xs' },
      ]}
      actions
      highlightOnHover={false}
    >
      {users.map((user) => (
        <Table.Tr key={user.id} className={classes.row} onClick={openRow(user)} data-testid="admin-user-row">
          <Table.Td visibleFrom="xs">{user.id}</Table.Td>
          <Table.Td style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <NameAvatar src={user.avatar_url} name={displayName(user)} size={32} />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={paths.admin.userSettings.getHref(user.id, user.name || user.email)}
                  fw={600}
                  size="sm"
                  c="inherit"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {user.name || NO_NAME}
                </Anchor>
                <EmailText size="xs" c="dimmed" hiddenFrom="xs" email={user.email} />
                <UserStatusBadges emailVerifiedAt={user.email_verified_at} blocked={user.blocked} />
              </Stack>
            </Group>
          </Table.Td>
          <Table.Td visibleFrom="xs">
            <EmailText size="sm" email={user.email} />
          </Table.Td>
          <Table.Td visibleFrom="xs">{referenceName(user.type)}</Table.Td>
          <Table.Td className={classes.actions}>
            <UserAccountActions user={user} isSelf={user.id === selfId} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
