import { Button, type ButtonProps, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

type AnswerButtonsProps = {
  onAccept: () => void;
  onDecline: () => void;
  /** Which answer is under way: its button spins, both are off. */
  pending: 'accept' | 'decline' | null;
  /** Both off for another reason (another answer of the list is under way). */
  disabled?: boolean;
  size?: ButtonProps['size'];
  /** Accessible names that say what is answered ('Принять приглашение в Команда'). */
  acceptLabel?: string;
  declineLabel?: string;
};

/**
 * 'Принять' and 'Отклонить' of anything a person answers: a join request, an invitation, an ownership offer.
 * 'Принять' is the primary colour: green with white text falls short of AA contrast (decision 0135).
 */
export function AnswerButtons({
  onAccept,
  onDecline,
  pending,
  disabled,
  size = 'sm',
  acceptLabel,
  declineLabel,
}: AnswerButtonsProps) {
  const t = useText(componentTexts);
  const off = disabled || pending !== null;
  const icon = size === 'xs' ? 14 : 18;
  return (
    <Group gap="xs" grow>
      <Button
        size={size}
        leftSection={<IconCheck size={icon} aria-hidden />}
        onClick={onAccept}
        loading={pending === 'accept'}
        disabled={off}
        aria-label={acceptLabel}
      >
        {t('Принять')}
      </Button>
      <Button
        size={size}
        variant="light"
        color="red"
        leftSection={<IconX size={icon} aria-hidden />}
        onClick={onDecline}
        loading={pending === 'decline'}
        disabled={off}
        aria-label={declineLabel}
      >
        {t('Отклонить')}
      </Button>
    </Group>
  );
}
