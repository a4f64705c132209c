import { MEMBER_TYPE_ADMIN, MEMBER_TYPE_MEMBER, type Member } from '@cabinet/contracts';
import { Select, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { SectionCard } from '@/components/section-card';
import { UserEmailField } from '@/components/user-email-field';
import { claimFieldErrors } from '@/lib/field-errors';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { inviteEmailError, submittedEmailError } from '@/lib/user-lookup';
import { useAcceptMember } from '../api/accept-member';
import { useInviteMember } from '../api/add-member';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberType } from '../api/update-member-type';
import { type MemberText, memberTexts } from '../texts';
import { assignableRoles, isOrganizationAdmin } from './member-status';
import { MembersTable } from './members-table';

type MembersManagerProps = {
  organizationId: number;
  /** Every member of the organization (organizationsEndpoints.get). */
  members: readonly Member[];
  /**
   * The owner or a site admin: may choose the role 'Администратор' and change or remove organization
   * admins. An organization admin manages members of type 2 only (decision 0132).
   */
  canManageAdmins?: boolean;
  /** The viewer's account: their own row has no actions. */
  viewerId?: number;
  /**
   * Just created (issue 34, rule 4): the section is titled 'Пригласите участников', says what to do and
   * its e-mail field takes the focus.
   */
  welcome?: boolean;
  /** Called after a member was added, accepted or removed (the lists are invalidated already). */
  onChanged?: () => void;
};

/**
 * 'Управление участниками' (spec section 2, issue 13): add an existing user by e-mail, or invite an address
 * without an account, with the role the owner chooses; the members table with accept, role changes and
 * remove (never the owner).
 */
export function MembersManager({
  organizationId,
  members,
  canManageAdmins = false,
  viewerId,
  welcome = false,
  onChanged,
}: MembersManagerProps) {
  const t = useText(memberTexts);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(String(MEMBER_TYPE_MEMBER));
  const [busyAccountId, setBusyAccountId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [promoting, setPromoting] = useState<Member | null>(null);
  const invite = useInviteMember(organizationId);
  const remove = useRemoveMember();
  const accept = useAcceptMember();
  const changeRole = useUpdateMemberType();
  // What the server or the full check said of the address sent, shown under the field until it changes.
  const [sentError, setSentError] = useState<string | null>(null);
  const error = inviteEmailError(email) ?? sentError;
  const canInvite = email.trim() !== '' && !error && !invite.isPending;
  const typeEmail = (value: string) => {
    setEmail(value);
    setSentError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canInvite) return;
    const sent = email;
    const wrong = submittedEmailError(sent);
    if (wrong) {
      setSentError(wrong);
      return;
    }
    // The server's word on the address goes under the field, not into a toast (decision 0164).
    const release = claimFieldErrors((errors) => {
      const fields = Object.keys(errors);
      if (fields.length !== 1 || !errors.email?.length) return false;
      setSentError(errors.email.join(' '));
      return true;
    });
    invite.mutate(
      { email: sent.trim(), typeId: canManageAdmins ? Number(role) : MEMBER_TYPE_MEMBER },
      {
        onSuccess: () => {
          // Clear the box only if it still holds this address: the next one may be typed already.
          setEmail((current) => (current === sent ? '' : current));
          onChanged?.();
        },
        onSettled: release,
      },
    );
  };

  const removeConfirmed = (member: Member) => {
    setBusyAccountId(member.account_id);
    remove.mutate(
      { organizationId, userId: member.account_id },
      {
        onSuccess: () => onChanged?.(),
        onSettled: () => {
          setBusyAccountId(null);
          setRemoving(null);
        },
      },
    );
  };

  /** A join request is accepted, a role switched: the row's button spins until the call ends. */
  const busyWhile = (member: Member) => {
    setBusyAccountId(member.account_id);
    return { onSuccess: () => onChanged?.(), onSettled: () => setBusyAccountId(null) };
  };

  const acceptRequest = (member: Member) =>
    accept.mutate({ organizationId, userId: member.account_id }, busyWhile(member));

  const applyRole = (member: Member, typeId: number, done?: () => void) => {
    const busy = busyWhile(member);
    changeRole.mutate(
      { organizationId, userId: member.account_id, typeId },
      {
        ...busy,
        onSettled: () => {
          busy.onSettled();
          done?.();
        },
      },
    );
  };

  /** Raising someone to 'Администратор' gives rights: it asks first. Lowering does not (issue 34). */
  const chooseRole = (member: Member, typeId: number) => {
    if (typeId === MEMBER_TYPE_ADMIN && !isOrganizationAdmin(member)) setPromoting(member);
    else applyRole(member, typeId);
  };

  return (
    <SectionCard title={welcome ? t('Пригласите участников') : t('Управление участниками')}>
      {welcome && (
        <Text size="sm">
          {t(
            'Организация создана. Добавьте коллег по эл. почте: у кого есть аккаунт, сразу станет участником, остальным придёт приглашение.',
          )}
        </Text>
      )}
      <form noValidate onSubmit={submit}>
        <UserEmailField
          value={email}
          onChange={typeEmail}
          placeholder={t('Введите Email пользователя для отправки приглашения')}
          error={error}
          canAdd={canInvite}
          busy={invite.isPending}
          inputDisabled={invite.isPending}
          autoFocus={welcome}
          extra={
            canManageAdmins && (
              <Select
                label={t('Роль')}
                data={assignableRoles(t)}
                value={role}
                onChange={(value) => setRole(value ?? String(MEMBER_TYPE_MEMBER))}
                allowDeselect={false}
                disabled={invite.isPending}
                w={{ base: '100%', xs: 180 }}
              />
            )
          }
        />
      </form>
      <Text size="xs" c="dimmed" mt={-8}>
        {t(
          'Пользователь с аккаунтом добавляется сразу; на адрес без аккаунта уйдёт приглашение, действующее 7 дней.',
        )}
      </Text>
      <MembersTable
        members={members}
        manageable
        busyAccountId={busyAccountId}
        viewerId={viewerId}
        canManageAdmins={canManageAdmins}
        onRemove={setRemoving}
        onAccept={acceptRequest}
        onChangeRole={canManageAdmins ? chooseRole : undefined}
      />
      {promoting && (
        <ConfirmDeleteDialog
          opened
          onClose={() => setPromoting(null)}
          title={t('Сделать {name} администратором организации?', { name: displayName(promoting.account) })}
          confirmLabel={t('Сделать администратором')}
          confirmColor="blue"
          busy={changeRole.isPending}
          onConfirm={() => applyRole(promoting, MEMBER_TYPE_ADMIN, () => setPromoting(null))}
        >
          <Text size="sm">{t(PROMOTE_TEXT)}</Text>
        </ConfirmDeleteDialog>
      )}
      {removing && (
        <ConfirmDeleteDialog
          opened
          onClose={() => setRemoving(null)}
          title={t(removeTexts(removing).title)}
          confirmLabel={t(removeTexts(removing).confirmLabel)}
          busy={remove.isPending}
          onConfirm={() => removeConfirmed(removing)}
        >
          <Text size="sm">{t(removeTexts(removing).text, { name: displayName(removing.account) })}</Text>
        </ConfirmDeleteDialog>
      )}
    </SectionCard>
  );
}

/** Navigation state of 'Создать организацию' → the new organization: its members section welcomes. */
export const INVITE_FIRST = 'inviteFirst';

/** What an organization admin may do (decision 0132), said before anyone is made one. */
const PROMOTE_TEXT =
  'Администратор сможет менять настройки организации, приглашать и удалять участников, принимать запросы на вступление и читать журнал. Удалить организацию или передать её может только владелец.';

/** A join request is rejected, a member removed (spec section 2). */
function removeTexts(member: Member): Record<'title' | 'confirmLabel' | 'text', MemberText> {
  return member.status === 'pending'
    ? {
        title: 'Отклонить запрос?',
        confirmLabel: 'Отклонить',
        text: 'Запрос {name} на вступление будет отклонён.',
      }
    : {
        title: 'Удалить участника?',
        confirmLabel: 'Удалить',
        text: '{name} потеряет доступ к организации.',
      };
}
