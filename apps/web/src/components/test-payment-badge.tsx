import { Badge } from '@mantine/core';

/** Marks a sandbox payment of test mode, in every history (docs/decisions/0090): no money moved. */
export function TestPaymentBadge() {
  return (
    <Badge color="orange" variant="light" size="sm" radius="sm" tt="none" title="Оплата в тестовом режиме">
      Тестовый
    </Badge>
  );
}
