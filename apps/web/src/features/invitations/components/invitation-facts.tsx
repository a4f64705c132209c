import type { Invitation } from '@cabinet/contracts';
import { Text } from '@mantine/core';
import { PersonLabel } from '@/components/person-name';
import { formatDate } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { memberTypeLabel } from '@/lib/member-types';
import { type InvitationText, invitationTexts } from '../texts';

/** Who invited, once their account is gone: a missing person, not a missing name. */
export const INVITER_GONE = 'аккаунт удалён';

/** Who invited, with which role, and until when: the same lines on the link's screen and on home. */
export function InvitationFacts({ invitation, size = 'sm' }: { invitation: Invitation; size?: 'xs' | 'sm' }) {
  const t = useText(invitationTexts);
  return (
    <>
      {invitation.invited_by && (
        <Text size={size} c="dimmed" style={{ overflowWrap: 'break-word' }}>
          {t('Пригласил:')} <PersonLabel person={invitation.invited_by} />
        </Text>
      )}
      <Text size={size} c="dimmed">
        {t('Роль: {role} · действует до {date}', {
          role: t(memberTypeLabel(invitation.type_id) as InvitationText),
          date: formatDate(invitation.expires_at),
        })}
      </Text>
    </>
  );
}
