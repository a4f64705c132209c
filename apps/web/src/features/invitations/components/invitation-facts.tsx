import type { Invitation } from '@cabinet/contracts';
import { Text } from '@mantine/core';
import { formatDate, personLabel } from '@/lib/format';
import { memberTypeLabel } from '@/lib/member-types';

/** The inviter's name, else their e-mail, or a dash once the account is gone. */
export function inviterName(invitation: Pick<Invitation, 'invited_by'>): string {
  const inviter = invitation.invited_by;
  return inviter ? inviter.name.trim() || inviter.email : '—';
}

/** Who invited, with which role, and until when: the same lines on the link's screen and on home. */
export function InvitationFacts({ invitation, size = 'sm' }: { invitation: Invitation; size?: 'xs' | 'sm' }) {
  return (
    <>
      {invitation.invited_by && (
        <Text size={size} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Пригласил: {personLabel(invitation.invited_by)}
        </Text>
      )}
      <Text size={size} c="dimmed">
        Роль: {memberTypeLabel(invitation.type_id)} · действует до {formatDate(invitation.expires_at)}
      </Text>
    </>
  );
}
