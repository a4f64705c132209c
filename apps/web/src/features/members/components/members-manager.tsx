import type { Member } from '@cabinet/contracts';
import { Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { SectionCard } from '@/components/section-card';
import { UserEmailField } from '@/components/user-email-field';
import { displayName } from '@/lib/format';
import { inviteEmailError } from '@/lib/user-lookup';
import { useAcceptMember } from '../api/accept-member';
import { useInviteMember } from '../api/add-member';
import { useRemoveMember } from '../api/remove-member';
import { MembersTable } from './members-table';

type MembersManagerProps = {
  organizationId: number;
  /** Every member of the organization (organizationsEndpoints.get). */
  members: readonly Member[];
  /** Called after a member was added, accepted or removed (the lists are invalidated already). */
  onChanged?: () => void;
};

/**
 * 'Управление участниками' (spec section 2): invite an existing user by e-mail and the members table
 * with remove (never the owner) and, for join requests, accept.
 */
export function MembersManager({ organizationId, members, onChanged }: MembersManagerProps) {
  const [email, setEmail] = useState('');
  const [busyAccountId, setBusyAccountId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const invite = useInviteMember(organizationId);
  const remove = useRemoveMember();
  const accept = useAcceptMember();
  const error = inviteEmailError(email);
  const canInvite = email.trim() !== '' && !error && !invite.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canInvite) return;
    const sent = email;
    invite.mutate(sent.trim(), {
      onSuccess: () => {
        // Clear the box only if it still holds this address: the next one may be typed already.
        setEmail((current) => (current === sent ? '' : current));
        onChanged?.();
      },
    });
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

  const acceptRequest = (member: Member) => {
    setBusyAccountId(member.account_id);
    accept.mutate(
      { organizationId, userId: member.account_id },
      { onSuccess: () => onChanged?.(), onSettled: () => setBusyAccountId(null) },
    );
  };

  return (
    <SectionCard title="Управление участниками">
      <form noValidate onSubmit={submit}>
        <UserEmailField
          value={email}
          onChange={setEmail}
          placeholder="Введите Email пользователя для отправки приглашения"
          error={error}
          canAdd={canInvite}
          busy={invite.isPending}
          inputDisabled={invite.isPending}
        />
      </form>
      <MembersTable
        members={members}
        manageable
        busyAccountId={busyAccountId}
        onRemove={setRemoving}
        onAccept={acceptRequest}
      />
      {removing && (
        <ConfirmDeleteDialog
          opened
          onClose={() => setRemoving(null)}
          title={removeTexts(removing).title}
          confirmLabel={removeTexts(removing).confirmLabel}
          busy={remove.isPending}
          onConfirm={() => removeConfirmed(removing)}
        >
          <Text size="sm">{removeTexts(removing).text}</Text>
        </ConfirmDeleteDialog>
      )}
    </SectionCard>
  );
}

/** A join request is rejected, a member removed (spec section 2). */
function removeTexts(member: Member) {
  const name = displayName(member.account);
  return member.status === 'pending'
    ? {
        title: 'Отклонить запрос?',
        confirmLabel: 'Отклонить',
        text: `Запрос ${name} на вступление будет отклонён.`,
      }
    : {
        title: 'Удалить участника?',
        confirmLabel: 'Удалить',
        text: `${name} потеряет доступ к организации.`,
      };
}
