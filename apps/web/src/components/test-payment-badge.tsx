import { Badge, type BadgeProps } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

/** Marks a sandbox payment of test mode, in every history (docs/decisions/0090): no money moved. */
export function TestPaymentBadge() {
  const t = useText(componentTexts);
  return (
    <Badge
      color="orange"
      variant="light"
      size="sm"
      radius="sm"
      tt="none"
      title={t('Оплата в тестовом режиме')}
    >
      {t('Тестовый')}
    </Badge>
  );
}

/** 'Тестовый режим' beside a payment screen's title while payments run in the sandbox (decision 0090). */
export function TestModeBadge({ size }: { size?: BadgeProps['size'] }) {
  const t = useText(componentTexts);
  return (
    <Badge
      color="orange"
      variant="light"
      size={size}
      radius="sm"
      tt="none"
      leftSection={<IconFlask size={14} aria-hidden />}
    >
      {t('Тестовый режим')}
    </Badge>
  );
}
