import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/payments/api/get-order';
import { paymentTexts } from '@/features/payments/texts';
import { formatDate } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { paymentKeys } from '@/lib/query-keys/payments';
import { profileKeys } from '@/lib/query-keys/profile';

/** Where YooKassa sends the person back (?order=<label>): polls the order until the bank has answered. */
export function SubscriptionResultRoute() {
  const t = useText(paymentTexts);
  const [params] = useSearchParams();
  const label = params.get('order') ?? '';
  const order = useOrder(label);
  const queryClient = useQueryClient();
  const heading = useRef<HTMLDivElement>(null);
  const status = order.data?.status;

  useEffect(() => {
    if (status === 'paid') {
      void queryClient.invalidateQueries({ queryKey: profileKeys.me });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.history });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.paymentMethod });
    }
    // The outcome is news: move focus to it so that a screen reader says it.
    if (status && status !== 'pending') heading.current?.focus();
  }, [status, queryClient]);

  const valid = /^[0-9a-f]{32}$/.test(label);
  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: t('Главная'), href: paths.home.getHref() },
          { label: t('Подписка'), href: paths.subscription.getHref() },
          { label: t('Результат оплаты') },
        ]}
        title={t('Результат оплаты')}
      />
      <Stack gap="md" maw={640}>
        {!valid && (
          <Alert color="red" variant="light" title={t('Заказ не найден')}>
            {t('В ссылке нет номера заказа.')}
          </Alert>
        )}
        {valid && order.isError && (
          <LoadError title={t('Не удалось получить состояние платежа')} query={order} />
        )}
        {valid && order.isPending && <Loader aria-label={t('Загружаем состояние платежа')} />}
        <div ref={heading} tabIndex={-1} role="status" aria-live="polite">
          {status === 'paid' && order.data && (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck size={20} aria-hidden />}
              title={t('Оплата прошла')}
            >
              {order.data.granted_until
                ? t('Тариф «{plan}» подключён, срок окончания: {date}.', {
                    plan: order.data.plan.name,
                    date: formatDate(order.data.granted_until),
                  })
                : t('Тариф «{plan}» подключён.', { plan: order.data.plan.name })}
            </Alert>
          )}
          {status === 'canceled' && (
            <Alert
              color="gray"
              variant="light"
              icon={<IconCircleX size={20} aria-hidden />}
              title={t('Платёж отменён')}
            >
              {t('Деньги не списаны, тариф не изменился. Можно попробовать ещё раз.')}
            </Alert>
          )}
          {status === 'pending' && (
            <Alert
              color="blue"
              variant="light"
              icon={<IconClockHour4 size={20} aria-hidden />}
              title={t('Ждём подтверждения банка')}
            >
              <Group gap="xs" wrap="nowrap">
                <Loader size="xs" aria-hidden />
                <Text size="sm">{t('Обычно это занимает несколько секунд. Страница обновится сама.')}</Text>
              </Group>
            </Alert>
          )}
        </div>
        <Group>
          <Button
            component={Link}
            to={paths.subscription.getHref()}
            variant={status === 'paid' ? 'filled' : 'default'}
          >
            {t('К тарифам')}
          </Button>
          {status === 'canceled' && order.data && (
            <Button
              component={Link}
              to={paths.subscriptionCheckout.getHref(order.data.plan.id, order.data.period)}
            >
              {t('Оплатить снова')}
            </Button>
          )}
        </Group>
      </Stack>
    </>
  );
}
