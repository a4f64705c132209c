import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { AnswerListPanel } from '@/components/answer-list-panel';
import { quoted } from '@/lib/quoted';
import { useAcceptInvitation, useDeclineInvitation } from '../api/answer-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { InvitationFacts } from './invitation-facts';

/**
 * 'Приглашения' on home (issue 13): the invitations to the user's verified e-mail, each with 'Принять' and
 * 'Отклонить'. Shown only when there is one, or when the list failed: then with 'Повторить' (logged too,
 * spec section 8; never a toast).
 */
export function MyInvitationsPanel() {
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();

  useEffect(() => {
    if (invitations.error) console.warn('Приглашения не загружены:', invitations.error);
  }, [invitations.error]);

  return (
    <AnswerListPanel
      title="Приглашения"
      countLabel="Приглашений"
      items={invitations.data ?? []}
      describe={(invitation) => (
        <>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            Приглашение в организацию {quoted(invitation.organization.name)}
          </Text>
          <InvitationFacts invitation={invitation} size="xs" />
        </>
      )}
      labels={({ organization }) => ({
        accept: `Принять приглашение в ${organization.name}`,
        decline: `Отклонить приглашение в ${organization.name}`,
      })}
      failure={{ query: invitations, title: 'Не удалось получить приглашения' }}
      onAnswer={(invitation, answer, options) =>
        (answer === 'accept' ? accept : decline).mutate(invitation.id, options)
      }
    />
  );
}
