import type { Member } from '@cabinet/contracts';
import { MEMBER_TYPE_ADMIN, MEMBER_TYPE_MEMBER } from '@cabinet/contracts';
import { Badge, Group, Select, Stack, Table } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { EmailText } from '@/components/email-text';
import { CardList, CardListItem } from '@/components/list-frame/card-list';
import { ListEmpty } from '@/components/list-frame/list-states';
import { ListTable } from '@/components/list-frame/list-table';
import { NameAvatar } from '@/components/name-avatar';
import { PersonName } from '@/components/person-name';
import { TooltipAction } from '@/components/tooltip-action';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { memberTexts } from '../texts';
import { assignableRoles, isOrganizationAdmin, isOwner, roleName, sortMembers } from './member-status';

type MembersTableProps = {
  members: readonly Member[];
  /** Show the Действия column with accept and remove buttons. */
  manageable: boolean;
  /** The id of the account whose button is busy. */
  busyAccountId?: number | null;
  onRemove?: (member: Member) => void;
  onAccept?: (member: Member) => void;
  /**
   * The role chosen in a row's 'Роль' select (issue 34: roles are chosen, never toggled): the owner and
   * site admins only. Raising to 'Администратор' is confirmed by the caller; lowering is not.
   */
  onChangeRole?: (member: Member, typeId: number) => void;
  /**
   * May the viewer remove organization admins (the owner, site admins)? An organization admin removes
   * members of type 2 only (decision 0132).
   */
  canManageAdmins?: boolean;
  /** The viewer's own row has no actions: one leaves with 'Покинуть организацию'. */
  viewerId?: number;
};

type MemberStatusProps = {
  member: Member;
  /** The role as a select ('Участник', 'Администратор') instead of a badge. */
  onChangeRole?: (member: Member, typeId: number) => void;
  busy?: boolean;
};

function MemberStatus({ member, onChangeRole, busy = false }: MemberStatusProps) {
  const t = useText(memberTexts);
  const choosable = onChangeRole && !isOwner(member) && member.status !== 'pending';
  const current = isOrganizationAdmin(member) ? MEMBER_TYPE_ADMIN : MEMBER_TYPE_MEMBER;
  return (
    <Group gap={6} wrap="wrap">
      {choosable ? (
        <Select
          aria-label={t('Роль: {name}', { name: displayName(member.account) })}
          data={assignableRoles(t)}
          value={String(current)}
          onChange={(value) => {
            if (value && Number(value) !== current) onChangeRole(member, Number(value));
          }}
          allowDeselect={false}
          disabled={busy}
          size="xs"
          w={170}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Badge variant={isOwner(member) ? 'filled' : 'light'} radius="sm" tt="none">
          {roleName(t, member.type_id)}
        </Badge>
      )}
      {member.status === 'pending' && (
        <Badge color="orange" variant="light" radius="sm" tt="none">
          {t('Запрос на вступление')}
        </Badge>
      )}
    </Group>
  );
}

type MemberActionsProps = Pick<MembersTableProps, 'onRemove' | 'onAccept' | 'canManageAdmins'> & {
  member: Member;
  busy: boolean;
};

function MemberActions({ member, busy, onRemove, onAccept, canManageAdmins }: MemberActionsProps) {
  const t = useText(memberTexts);
  if (isOwner(member)) return null;
  const admin = isOrganizationAdmin(member);
  if (admin && !canManageAdmins) return null;
  const name = displayName(member.account);
  const pending = member.status === 'pending';
  const look = { variant: 'light', size: 'lg', loading: busy } as const;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {pending && onAccept && (
        <TooltipAction
          tooltip={t('Принять запрос')}
          label={t('Принять запрос {name}', { name })}
          icon={<IconCheck size={18} aria-hidden />}
          onClick={() => onAccept(member)}
          color="green"
          {...look}
        />
      )}
      {onRemove && (
        <TooltipAction
          tooltip={pending ? t('Отклонить запрос') : t('Удалить из организации')}
          label={pending ? t('Отклонить запрос {name}', { name }) : t('Удалить участника {name}', { name })}
          icon={<IconTrash size={18} aria-hidden />}
          onClick={() => onRemove(member)}
          color="red"
          {...look}
        />
      )}
    </Group>
  );
}

/**
 * Members of an organization: Имя, Логин, Статус, Действия (spec section 2); on phones a list of cards,
 * so the actions never hide behind a sideways scroll.
 */
export function MembersTable({
  members,
  manageable,
  busyAccountId,
  viewerId,
  onChangeRole,
  ...actions
}: MembersTableProps) {
  const t = useText(memberTexts);
  const rows = sortMembers(members);
  const status = (member: Member) => (
    <MemberStatus
      member={member}
      busy={busyAccountId === member.account_id}
      onChangeRole={manageable && member.account_id !== viewerId ? onChangeRole : undefined}
    />
  );
  const actionsOf = (member: Member) =>
    member.account_id === viewerId ? null : (
      <MemberActions member={member} busy={busyAccountId === member.account_id} {...actions} />
    );
  return (
    <>
      <CardList label={t('Участники')} empty={rows.length === 0 ? <ListEmpty compact /> : undefined}>
        {rows.map((member) => {
          const name = displayName(member.account);
          return (
            <CardListItem key={member.id}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <NameAvatar src={member.account.avatar_url} name={name} size={36} />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <PersonName person={member.account} emailShown size="sm" fw={600} />
                  <EmailText size="xs" c="dimmed" email={member.account.email} />
                  {status(member)}
                </Stack>
                {manageable && actionsOf(member)}
              </Group>
            </CardListItem>
          );
        })}
      </CardList>
      <ListTable
        columns={[t('Имя'), t('Логин'), t('Статус')]}
        actions={manageable}
        scrollMinWidth={manageable ? 560 : 440}
        horizontalSpacing={undefined}
        highlightOnHover
        empty={rows.length === 0 ? <ListEmpty compact /> : undefined}
      >
        {rows.map((member) => {
          const name = displayName(member.account);
          return (
            <Table.Tr key={member.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <NameAvatar src={member.account.avatar_url} name={name} size={32} />
                  <PersonName person={member.account} emailShown size="sm" fw={500} />
                </Group>
              </Table.Td>
              <Table.Td>
                <EmailText size="sm" email={member.account.email} />
              </Table.Td>
              <Table.Td>{status(member)}</Table.Td>
              {manageable && <Table.Td>{actionsOf(member)}</Table.Td>}
            </Table.Tr>
          );
        })}
      </ListTable>
    </>
  );
}
