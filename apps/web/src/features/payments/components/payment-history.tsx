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
import { PAYMENTS_LOAD_FAILED, usePayments } from '../api/get-payments';
import { methodLabel, orderNumber, PERIOD_LABEL } from './payment-labels';

/** 'Квитанция': the payment's printable receipt (issue 15), named by its date for screen readers. */
function ReceiptLink({ payment }: { payment: Payment }) {
  return (
    <Button
      component={Link}
      to={paths.paymentReceipt.getHref(payment.id)}
      size="xs"
      variant="light"
      leftSection={<IconReceipt size={14} aria-hidden />}
      aria-label={`Квитанция от ${formatDateTime(payment.paid_at ?? payment.created_at)}`}
    >
      Квитанция
    </Button>
  );
}

/**
 * 'История платежей' of /subscription: paid orders only (docs/decisions/0055), a sandbox payment marked
 * 'Тестовый' (docs/decisions/0090), each with its 'Квитанция' (issue 15).
 */
export function PaymentHistory({ userId }: { userId?: number } = {}) {
  const [page, setPage] = useState(1);
  const payments = usePayments(page, userId);
  const items = payments.data?.items ?? [];
  const pages = payments.data?.meta?.pages ?? 1;
  return (
    // Beside the admin user screen's full-size cards it takes their padding (its title lines up with theirs).
    <SectionCard title="История платежей" gap="sm" compact={!userId}>
      {payments.isPending ? (
        <Skeleton height={80} />
      ) : payments.isError ? (
        <ListError compact title={PAYMENTS_LOAD_FAILED} query={payments} />
      ) : items.length === 0 ? (
        <ListEmpty
          compact
          hint={userId ? 'Пользователь ещё не оплачивал тарифы' : 'Здесь появятся ваши оплаты тарифов'}
        />
      ) : (
        <>
          <CardList>
            {items.map((payment) => (
              <CardListItem key={payment.id}>
                <Group justify="space-between" gap="xs">
                  <Group gap={6}>
                    <Text fw={600}>
                      {payment.plan.name} · {PERIOD_LABEL[payment.period]}
                    </Text>
                    {payment.test && <TestPaymentBadge />}
                  </Group>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(payment.amount)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  Заказ {orderNumber(payment.id)} · {formatDateTime(payment.paid_at ?? payment.created_at)} ·{' '}
                  {methodLabel(payment.method)} · действует до{' '}
                  {payment.granted_until ? formatDate(payment.granted_until) : 'бессрочно'}
                </Text>
                <Group mt={6}>
                  <ReceiptLink payment={payment} />
                </Group>
              </CardListItem>
            ))}
          </CardList>
          <ListTable
            columns={['Заказ', 'Дата', 'Тариф', 'Период', 'Способ', 'Сумма', 'Действует до']}
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
                <Table.Td>{PERIOD_LABEL[payment.period]}</Table.Td>
                <Table.Td>{methodLabel(payment.method)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={6} wrap="nowrap">
                    {formatMoney(payment.amount)}
                    {payment.test && <TestPaymentBadge />}
                  </Group>
                </Table.Td>
                <Table.Td>{payment.granted_until ? formatDate(payment.granted_until) : 'Бессрочно'}</Table.Td>
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
