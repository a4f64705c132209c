import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { SectionCard } from '@/components/section-card';
import {
  useDeletePaymentMethod,
  usePaymentMethod,
  useSetAutoRenew,
} from '@/features/payments/api/payment-method';
import { useText } from '@/lib/i18n';
import { paymentTexts } from '../texts';

/**
 * The saved payment method of auto-renewal (decision 0205): its title as YooKassa names it, whether the
 * plan renews by itself, 'Отключить автопродление' and 'Удалить способ оплаты'. Nothing when none is saved.
 */
export function SavedPaymentMethod() {
  const t = useText(paymentTexts);
  const method = usePaymentMethod();
  const setAutoRenew = useSetAutoRenew();
  const remove = useDeletePaymentMethod();
  const data = method.data;
  if (!data) return null;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('Удалить способ оплаты?'),
      children: (
        <Text size="sm">
          {t(
            '{method} больше не будет использоваться, автопродление отключится. Продлить тариф можно будет вручную.',
            { method: data.title },
          )}
        </Text>
      ),
      labels: { confirm: t('Удалить'), cancel: t('Отмена') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  return (
    <SectionCard title={t('Способ оплаты')} gap="sm" compact>
      <Stack gap={4}>
        <Text fw={600} data-testid="saved-method">
          {data.title}
        </Text>
        <Text size="sm" c="dimmed" data-testid="auto-renew-state">
          {data.auto_renew
            ? t('Автопродление включено: тариф продлится сам перед окончанием срока.')
            : t('Автопродление отключено: деньги не списываются.')}
        </Text>
      </Stack>
      <Group gap="sm">
        {data.auto_renew ? (
          <Button
            variant="default"
            loading={setAutoRenew.isPending}
            onClick={() => setAutoRenew.mutate(false)}
          >
            {t('Отключить автопродление')}
          </Button>
        ) : (
          <Button variant="light" loading={setAutoRenew.isPending} onClick={() => setAutoRenew.mutate(true)}>
            {t('Включить автопродление')}
          </Button>
        )}
        <Button variant="subtle" color="red" loading={remove.isPending} onClick={confirmDelete}>
          {t('Удалить способ оплаты')}
        </Button>
      </Group>
    </SectionCard>
  );
}
