import type { Organization } from '@cabinet/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { AnswerButtons } from '@/components/answer-buttons';
import { displayName, formatDate } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { useAcceptTransfer, useCancelTransfer, useDeclineTransfer } from '../api/transfer-mutations';
import { transferTexts } from '../texts';

type TransferNoticeProps = {
  organization: Organization;
  viewerId: number;
  /** The owner or a site admin: may call the offer off. */
  canCancel: boolean;
};

/**
 * The open ownership offer on the organization's page (issue 13): the offered member is asked to accept
 * or decline; the owner (and site admins) see whom it waits for and may cancel it. Nothing for others.
 */
export function TransferNotice({ organization, viewerId, canCancel }: TransferNoticeProps) {
  const t = useText(transferTexts);
  const accept = useAcceptTransfer();
  const decline = useDeclineTransfer();
  const cancel = useCancelTransfer();
  const transfer = organization.transfer;
  if (!transfer) return null;
  const nameOf = (userId: number) => {
    const member = organization.members.find((m) => m.account_id === userId);
    return member ? displayName(member.account) : t('участник');
  };
  const until = formatDate(transfer.expires_at);
  const busy = accept.isPending || decline.isPending || cancel.isPending;

  if (transfer.to_user_id === viewerId) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconArrowsExchange size={20} aria-hidden />}
        title={t('Вам предлагают стать владельцем организации {organization}', {
          organization: quoted(organization.name),
        })}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t(
              '{name} предлагает передать вам организацию. Вы станете её владельцем, а прежний владелец — администратором. Предложение действует до {until}.',
              { name: nameOf(transfer.from_user_id), until },
            )}
          </Text>
          <AnswerButtons
            onAccept={() => accept.mutate(organization.id)}
            onDecline={() => decline.mutate(organization.id)}
            pending={accept.isPending ? 'accept' : decline.isPending ? 'decline' : null}
          />
        </Stack>
      </Alert>
    );
  }

  if (!canCancel) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconArrowsExchange size={20} aria-hidden />}
      title={t('Передача организации ожидает ответа')}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {t('Предложение отправлено: {name} может принять его до {until}.', {
            name: nameOf(transfer.to_user_id),
            until,
          })}
        </Text>
        <Button
          size="sm"
          variant="default"
          loading={cancel.isPending}
          disabled={busy}
          onClick={() => cancel.mutate(organization.id)}
        >
          {t('Отменить передачу')}
        </Button>
      </Group>
    </Alert>
  );
}
