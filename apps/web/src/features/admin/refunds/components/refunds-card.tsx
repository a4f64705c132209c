import { Text } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { CountCard } from '@/components/count-card';
import { useOpenRefundsCount } from '../api/get-refunds';

/** Admin home widget: how many payments wait to be returned, and the way to the 'Возвраты' screen. */
export function RefundsCard({ href }: { href: string }) {
  const { data, isPending, isError } = useOpenRefundsCount();
  return (
    <CountCard
      id="admin-count-refunds"
      icon={<IconReceiptRefund size={24} />}
      iconColor={(data ?? 0) > 0 ? 'orange' : undefined}
      title="Возвраты"
      count={{ isPending, isError, value: data }}
      note={
        <Text size="xs" c="dimmed">
          ожидают возврата
        </Text>
      }
      href={href}
      action="К возвратам"
    />
  );
}
