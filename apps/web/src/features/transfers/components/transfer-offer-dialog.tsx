import { MEMBER_TYPE_OWNER, type Organization } from '@cabinet/contracts';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SubmitButton } from '@/components/submit-button';
import { personLabel } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { useOfferTransfer } from '../api/transfer-mutations';
import { transferTexts } from '../texts';

type TransferOfferDialogProps = {
  organization: Organization;
  opened: boolean;
  onClose: () => void;
};

/**
 * 'Передать организацию' (issue 13): the owner picks an active member; the member gets a mail and a prompt
 * in the cabinet, and becomes the owner only when they accept (decision 0133).
 */
export function TransferOfferDialog({ organization, opened, onClose }: TransferOfferDialogProps) {
  const t = useText(transferTexts);
  const offer = useOfferTransfer();
  const [userId, setUserId] = useState<string | null>(null);
  const candidates = organization.members
    .filter((m) => m.status === 'active' && m.type_id !== MEMBER_TYPE_OWNER)
    // 'Анна Петрова (anna@…)', or the address alone: never the same address twice (decision 0164).
    .map((m) => ({ value: String(m.account_id), label: personLabel(m.account) }));

  const close = () => {
    if (offer.isPending) return;
    setUserId(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('Передать организацию')}
      centered
      closeButtonProps={{ 'aria-label': t('Закрыть') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t(
            'Новый владелец получит письмо и сможет принять предложение в течение 7 дней. После этого вы станете администратором организации {organization}.',
            { organization: quoted(organization.name) },
          )}
        </Text>
        {candidates.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(
              'В организации нет других активных участников: сначала добавьте того, кому хотите её передать.',
            )}
          </Text>
        ) : (
          <Select
            label={t('Новый владелец')}
            placeholder={t('Выберите участника')}
            data={candidates}
            value={userId}
            onChange={setUserId}
            searchable
            nothingFoundMessage={t('Нет такого участника')}
            disabled={offer.isPending}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={offer.isPending} data-autofocus>
            {t('Отмена')}
          </Button>
          <SubmitButton
            type="button"
            onClick={() =>
              userId &&
              offer.mutate({ organizationId: organization.id, userId: Number(userId) }, { onSuccess: close })
            }
            blockedReason={
              candidates.length === 0
                ? t('В организации нет других активных участников')
                : userId
                  ? null
                  : t('Выберите нового владельца')
            }
            loading={offer.isPending}
          >
            {t('Передать организацию')}
          </SubmitButton>
        </Group>
      </Stack>
    </Modal>
  );
}
