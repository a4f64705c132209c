import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { AnswerListPanel } from '@/components/answer-list-panel';
import { PersonLabel } from '@/components/person-name';
import { formatDate } from '@/lib/format';
import { quoted } from '@/lib/quoted';
import { useMyTransfers } from '../api/get-my-transfers';
import { useAcceptTransfer, useDeclineTransfer } from '../api/transfer-mutations';

/**
 * 'Передача организации' on home (issue 13's in-cabinet prompt, decision 0137): the ownership offers made
 * to the user, each with 'Принять' and 'Отклонить', as on the organization's page. Shown only when there
 * is one, or when the list failed: then with 'Повторить' (logged too, spec section 8; never a toast).
 */
export function MyTransfersPanel() {
  const transfers = useMyTransfers();
  const accept = useAcceptTransfer();
  const decline = useDeclineTransfer();

  useEffect(() => {
    if (transfers.error) console.warn('Предложения о передаче не загружены:', transfers.error);
  }, [transfers.error]);

  return (
    <AnswerListPanel
      title="Передача организации"
      countLabel="Предложений"
      items={transfers.data ?? []}
      describe={(transfer) => (
        <>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            Вам предлагают стать владельцем организации {quoted(transfer.organization.name)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            Предлагает: <PersonLabel person={transfer.from_user} />
          </Text>
          <Text size="xs" c="dimmed">
            Прежний владелец станет администратором · действует до {formatDate(transfer.expires_at)}
          </Text>
        </>
      )}
      labels={({ organization }) => ({
        accept: `Принять организацию ${organization.name}`,
        decline: `Отклонить передачу организации ${organization.name}`,
      })}
      failure={{ query: transfers, title: 'Не удалось получить предложения о передаче' }}
      onAnswer={(transfer, answer, options) =>
        (answer === 'accept' ? accept : decline).mutate(transfer.organization_id, options)
      }
    />
  );
}
