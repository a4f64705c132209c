import type { Payment } from '@cabinet/contracts';
import { Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList, CardListItem } from '@/components/list-frame/card-list';
import { ListPagination } from '@/components/list-frame/list-pagination';
import { ListEmpty, ListError } from '@/components/list-frame/list-states';
import { ListTable } from '@/components/list-frame/list-table';
import classes from '@/components/list-frame/table.module.css';
import { SectionCard } from '@/components/section-card';
import { TestPaymentBadge } from '@/components/test-payment-badge';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { PAYMENTS_LOAD_FAILED, usePayments } from '../api/get-payments';
import { paymentTexts } from '../texts';
import { methodLabel, orderNumber, periodLabel } from './payment-labels';

/** 'Квитанция': the payment's printable receipt (issue 15), named by its date for screen readers. */
function ReceiptLink({ payment }: { payment: Payment }) {
  const t = useText(paymentTexts);
  return (
    <Button
      component={Link}
      to={paths.paymentReceipt.getHref(payment.id)}
      size="xs"
      variant="light"
      leftSection={<IconReceipt size={14} aria-hidden />}
      aria-label={t('Квитанция от {date}', { date: formatDateTime(payment.paid_at ?? payment.created_at) })}
    >
      {t('Квитанция')}
    </Button>
  );
}

/**
 * 'История платежей' of /subscription: paid orders only (docs/decisions/0055), a sandbox payment marked
 * 'Тестовый' (docs/decisions/0090), each with its 'Квитанция' (issue 15).
 */
export function PaymentHistory({ userId }: { userId?: number } = {}) {
  const t = useText(paymentTexts);
  const [page, setPage] = useState(1);
  const payments = usePayments(page, userId);
  const items = payments.data?.items ?? [];
  const pages = payments.data?.meta?.pages ?? 1;
  return (
    // Beside the admin user screen's full-size cards it takes their padding (its title lines up with theirs).
    <SectionCard title={t('История платежей')} gap="sm" compact={!userId}>
      {payments.isPending ? (
        <Skeleton height={80} />
      ) : payments.isError ? (
        <ListError compact title={t(PAYMENTS_LOAD_FAILED)} query={payments} />
      ) : items.length === 0 ? (
        <ListEmpty
          compact
          hint={userId ? t('Пользователь ещё не оплачивал тарифы') : t('Здесь появятся ваши оплаты тарифов')}
        />
      ) : (
        <>
          <CardList>
            {items.map((payment) => (
              <CardListItem key={payment.id}>
                <Group justify="space-between" gap="xs">
                  <Group gap={6}>
                    <Text fw={600}>
                      {payment.plan.name} · {periodLabel(payment.period)}
                    </Text>
                    {payment.test && <TestPaymentBadge />}
                  </Group>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(payment.amount)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('Заказ {order} · {date} · {method} · действует до {until}', {
                    order: orderNumber(payment.id),
                    date: formatDateTime(payment.paid_at ?? payment.created_at),
                    method: methodLabel(payment.method),
                    until: payment.granted_until ? formatDate(payment.granted_until) : t('бессрочно'),
                  })}
                </Text>
                <Group mt={6}>
                  <ReceiptLink payment={payment} />
                </Group>
              </CardListItem>
            ))}
          </CardList>
          <ListTable
            columns={[
              t('Заказ'),
              t('Дата'),
              t('Тариф'),
              t('Период'),
              t('Способ'),
              t('Сумма'),
              t('Действует до'),
            ]}
            actions
            scrollMinWidth={800}
            verticalSpacing="xs"
            horizontalSpacing={undefined}
            striped
          >
            {items.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{orderNumber(payment.id)}</Table.Td>
                <Table.Td>{formatDateTime(payment.paid_at ?? payment.created_at)}</Table.Td>
                <Table.Td>{payment.plan.name}</Table.Td>
                <Table.Td>{periodLabel(payment.period)}</Table.Td>
                <Table.Td>{methodLabel(payment.method)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={6} wrap="nowrap">
                    {formatMoney(payment.amount)}
                    {payment.test && <TestPaymentBadge />}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {payment.granted_until ? formatDate(payment.granted_until) : t('Бессрочно')}
                </Table.Td>
                <Table.Td className={classes.actions}>
                  <ReceiptLink payment={payment} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </>
      )}
      <ListPagination pages={pages} page={page} onChange={setPage} size="sm" />
    </SectionCard>
  );
}
