import { Badge, type BadgeProps } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

/** Marks a sandbox payment of test mode, in every history (docs/decisions/0090): no money moved. */
export function TestPaymentBadge() {
  return (
    <Badge color="orange" variant="light" size="sm" radius="sm" tt="none" title="Оплата в тестовом режиме">
      Тестовый
    </Badge>
  );
}

/** 'Тестовый режим' beside a payment screen's title while payments run in the sandbox (decision 0090). */
export function TestModeBadge({ size }: { size?: BadgeProps['size'] }) {
  return (
    <Badge
      color="orange"
      variant="light"
      size={size}
      radius="sm"
      tt="none"
      leftSection={<IconFlask size={14} aria-hidden />}
    >
      Тестовый режим
    </Badge>
  );
}
