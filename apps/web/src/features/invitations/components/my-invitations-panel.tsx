import type { Invitation } from '@cabinet/contracts';
import { Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AnswerButtons } from '@/components/answer-buttons';
import { SectionCard } from '@/components/section-card';
import { useAcceptInvitation, useDeclineInvitation } from '../api/answer-invitation';
import { useMyInvitations } from '../api/get-my-invitations';
import { InvitationFacts } from './invitation-facts';

/**
 * 'Приглашения' on home (issue 13): the invitations to the user's verified e-mail, each with 'Принять' and
 * 'Отклонить'. Shown only when there is one; a failed list is only logged (spec section 8).
 */
export function MyInvitationsPanel() {
  const invitations = useMyInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [busy, setBusy] = useState<{ id: number; action: 'accept' | 'decline' } | null>(null);

  useEffect(() => {
    if (invitations.error) console.warn('Приглашения не загружены:', invitations.error);
  }, [invitations.error]);

  const items = invitations.data ?? [];
  if (items.length === 0) return null;

  const answer = (invitation: Invitation, action: 'accept' | 'decline') => {
    setBusy({ id: invitation.id, action });
    const options = { onSettled: () => setBusy(null) };
    if (action === 'accept') accept.mutate(invitation.id, options);
    else decline.mutate(invitation.id, options);
  };

  return (
    <SectionCard
      title="Приглашения"
      gap="sm"
      compact
      aside={
        <Text size="sm" c="dimmed" aria-label={`Приглашений: ${items.length}`}>
          {items.length}
        </Text>
      }
    >
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((invitation) => {
          const name = invitation.organization.name;
          return (
            <li key={invitation.id}>
              <Paper withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <Stack gap={2}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      Приглашение в организацию «{name}»
                    </Text>
                    <InvitationFacts invitation={invitation} size="xs" />
                  </Stack>
                  <AnswerButtons
                    size="xs"
                    onAccept={() => answer(invitation, 'accept')}
                    onDecline={() => answer(invitation, 'decline')}
                    pending={busy?.id === invitation.id ? busy.action : null}
                    disabled={busy !== null}
                    acceptLabel={`Принять приглашение в ${name}`}
                    declineLabel={`Отклонить приглашение в ${name}`}
                  />
                </Stack>
              </Paper>
            </li>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
