import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { AnswerListPanel } from '@/components/answer-list-panel';
import { textNow, useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { useAcceptInvitation, useDeclineInvitation } from '../api/answer-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { invitationTexts } from '../texts';
import { InvitationFacts } from './invitation-facts';

/**
 * 'Приглашения' on home (issue 13): the invitations to the user's verified e-mail, each with 'Принять' and
 * 'Отклонить'. Shown only when there is one, or when the list failed: then with 'Повторить' (logged too,
 * spec section 8; never a toast).
 */
export function MyInvitationsPanel() {
  const t = useText(invitationTexts);
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();

  useEffect(() => {
    if (invitations.error)
      console.warn(textNow(invitationTexts)('Приглашения не загружены:'), invitations.error);
  }, [invitations.error]);

  return (
    <AnswerListPanel
      title={t('Приглашения')}
      countLabel={t('Приглашений')}
      items={invitations.data ?? []}
      describe={(invitation) => (
        <>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('Приглашение в организацию {organization}', {
              organization: quoted(invitation.organization.name),
            })}
          </Text>
          <InvitationFacts invitation={invitation} size="xs" />
        </>
      )}
      labels={({ organization }) => ({
        accept: t('Принять приглашение в {organization}', { organization: organization.name }),
        decline: t('Отклонить приглашение в {organization}', { organization: organization.name }),
      })}
      failure={{ query: invitations, title: t('Не удалось получить приглашения') }}
      onAnswer={(invitation, answer, options) =>
        (answer === 'accept' ? accept : decline).mutate(invitation.id, options)
      }
    />
  );
}
