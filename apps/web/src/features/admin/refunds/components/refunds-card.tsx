import { Text } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { CountCard } from '@/components/count-card';
import { useText } from '@/lib/i18n';
import { useOpenRefundsCount } from '../api/get-refunds';
import { adminRefundsTexts } from '../texts';

/** Admin home widget: how many payments wait to be returned, and the way to the 'Возвраты' screen. */
export function RefundsCard({ href }: { href: string }) {
  const t = useText(adminRefundsTexts);
  const { data, isPending, isError } = useOpenRefundsCount();
  return (
    <CountCard
      id="admin-count-refunds"
      icon={<IconReceiptRefund size={24} />}
      iconColor={(data ?? 0) > 0 ? 'orange' : undefined}
      title={t('Возвраты')}
      count={{ isPending, isError, value: data }}
      note={
        <Text size="xs" c="dimmed">
          {t('ожидают возврата')}
        </Text>
      }
      href={href}
      action={t('К возвратам')}
    />
  );
}
