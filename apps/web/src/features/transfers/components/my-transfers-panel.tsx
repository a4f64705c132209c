import type { IncomingTransfer } from '@cabinet/contracts';
import { Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AnswerButtons } from '@/components/answer-buttons';
import { SectionCard } from '@/components/section-card';
import { formatDate, personLabel } from '@/lib/format';
import { useMyTransfers } from '../api/get-my-transfers';
import { useAcceptTransfer, useDeclineTransfer } from '../api/transfer-mutations';

/**
 * 'Передача организации' on home (issue 13's in-cabinet prompt, decision 0137): the ownership offers made
 * to the user, each with 'Принять' and 'Отклонить', as on the organization's page. Shown only when there
 * is one; a failed list is only logged (spec section 8).
 */
export function MyTransfersPanel() {
  const transfers = useMyTransfers();
  const accept = useAcceptTransfer();
  const decline = useDeclineTransfer();
  const [busy, setBusy] = useState<{ id: number; action: 'accept' | 'decline' } | null>(null);

  useEffect(() => {
    if (transfers.error) console.warn('Предложения о передаче не загружены:', transfers.error);
  }, [transfers.error]);

  const items = transfers.data ?? [];
  if (items.length === 0) return null;

  const answer = (transfer: IncomingTransfer, action: 'accept' | 'decline') => {
    setBusy({ id: transfer.id, action });
    const options = { onSettled: () => setBusy(null) };
    if (action === 'accept') accept.mutate(transfer.organization_id, options);
    else decline.mutate(transfer.organization_id, options);
  };

  return (
    <SectionCard
      title="Передача организации"
      gap="sm"
      compact
      aside={
        <Text size="sm" c="dimmed" aria-label={`Предложений: ${items.length}`}>
          {items.length}
        </Text>
      }
    >
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((transfer) => {
          const name = transfer.organization.name;
          return (
            <li key={transfer.id}>
              <Paper withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <Stack gap={2}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      Вам предлагают стать владельцем организации «{name}»
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Предлагает: {personLabel(transfer.from_user)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Прежний владелец станет администратором · действует до {formatDate(transfer.expires_at)}
                    </Text>
                  </Stack>
                  <AnswerButtons
                    size="xs"
                    onAccept={() => answer(transfer, 'accept')}
                    onDecline={() => answer(transfer, 'decline')}
                    pending={busy?.id === transfer.id ? busy.action : null}
                    disabled={busy !== null}
                    acceptLabel={`Принять организацию ${name}`}
                    declineLabel={`Отклонить передачу организации ${name}`}
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
