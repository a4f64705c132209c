import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { AnswerListPanel } from '@/components/answer-list-panel';
import { PersonLabel } from '@/components/person-name';
import { formatDate } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n';
import { richText } from '@/lib/i18n/rich-text';
import { quoted } from '@/lib/quoted';
import { useMyTransfers } from '../api/get-my-transfers';
import { useAcceptTransfer, useDeclineTransfer } from '../api/transfer-mutations';
import { transferTexts } from '../texts';

/**
 * 'Передача организации' on home (issue 13's in-cabinet prompt, decision 0137): the ownership offers made
 * to the user, each with 'Принять' and 'Отклонить', as on the organization's page. Shown only when there
 * is one, or when the list failed: then with 'Повторить' (logged too, spec section 8; never a toast).
 */
export function MyTransfersPanel() {
  const t = useText(transferTexts);
  const transfers = useMyTransfers();
  const accept = useAcceptTransfer();
  const decline = useDeclineTransfer();

  useEffect(() => {
    if (transfers.error)
      console.warn(textNow(transferTexts)('Предложения о передаче не загружены:'), transfers.error);
  }, [transfers.error]);

  return (
    <AnswerListPanel
      title={t('Передача организации')}
      countLabel={t('Предложений')}
      items={transfers.data ?? []}
      describe={(transfer) => (
        <>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('Вам предлагают стать владельцем организации {organization}', {
              organization: quoted(transfer.organization.name),
            })}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
            {richText(t, 'Предлагает: {person}', { person: <PersonLabel person={transfer.from_user} /> })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('Прежний владелец станет администратором · действует до {date}', {
              date: formatDate(transfer.expires_at),
            })}
          </Text>
        </>
      )}
      labels={({ organization }) => ({
        accept: t('Принять организацию {organization}', { organization: organization.name }),
        decline: t('Отклонить передачу организации {organization}', { organization: organization.name }),
      })}
      failure={{ query: transfers, title: t('Не удалось получить предложения о передаче') }}
      onAnswer={(transfer, answer, options) =>
        (answer === 'accept' ? accept : decline).mutate(transfer.organization_id, options)
      }
    />
  );
}
