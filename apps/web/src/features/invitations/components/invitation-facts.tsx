import type { Invitation } from '@cabinet/contracts';
import { Text } from '@mantine/core';
import { PersonLabel } from '@/components/person-name';
import { formatDate } from '@/lib/format';
import { memberTypeLabel } from '@/lib/member-types';

/** Who invited, once their account is gone: a missing person, not a missing name. */
export const INVITER_GONE = 'аккаунт удалён';

/** Who invited, with which role, and until when: the same lines on the link's screen and on home. */
export function InvitationFacts({ invitation, size = 'sm' }: { invitation: Invitation; size?: 'xs' | 'sm' }) {
  return (
    <>
      {invitation.invited_by && (
        <Text size={size} c="dimmed" style={{ overflowWrap: 'break-word' }}>
          Пригласил: <PersonLabel person={invitation.invited_by} />
        </Text>
      )}
      <Text size={size} c="dimmed">
        Роль: {memberTypeLabel(invitation.type_id)} · действует до {formatDate(invitation.expires_at)}
      </Text>
    </>
  );
}
