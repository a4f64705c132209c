import type { AdminPayment } from '@cabinet/contracts';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListTable } from '@/components/list-frame/list-table';
import classes from '@/components/list-frame/table.module.css';
import { TestPaymentBadge } from '@/components/test-payment-badge';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { type AdminPaymentsText, adminPaymentsTexts } from '../texts';
import { RefundButton } from './refund-payment-dialog';

const PERIOD_LABEL = { month: 'Месяц', year: 'Год' } as const satisfies Record<string, AdminPaymentsText>;

/** Paid, waiting (an abandoned checkout stays 'Не оплачен'), and a refund case on top of either. */
function PaymentStatus({ payment }: { payment: AdminPayment }) {
  const t = useText(adminPaymentsTexts);
  return (
    <Group gap={6}>
      {payment.status === 'paid' ? (
        <Badge color="green" variant="light" radius="sm" tt="none">
          {t('Оплачен')}
        </Badge>
      ) : payment.status === 'canceled' ? (
        <Badge color="gray" variant="outline" radius="sm" tt="none">
          {t('Отменён')}
        </Badge>
      ) : (
        <Badge color="gray" variant="light" radius="sm" tt="none">
          {t('Не оплачен')}
        </Badge>
      )}
      {payment.refunded_amount !== '0.00' && (
        <Badge color="orange" variant="outline" radius="sm" tt="none">
          {t('Возвращено {amount}', { amount: formatMoney(payment.refunded_amount) })}
        </Badge>
      )}
      {payment.needs_review && (
        <Badge color="red" variant="light" radius="sm" tt="none">
          {t('Требует проверки')}
        </Badge>
      )}
      {payment.refund && payment.refunded_amount === '0.00' && (
        <Badge color="orange" variant="light" radius="sm" tt="none">
          {t('К возврату')}
        </Badge>
      )}
      {payment.test && <TestPaymentBadge />}
    </Group>
  );
}

/** The payer: the account's e-mail, or the one kept on the order once the account is gone (decision 0093). */
function Payer({ payment }: { payment: AdminPayment }) {
  const t = useText(adminPaymentsTexts);
  return (
    <Text size="sm" style={{ wordBreak: 'break-all' }}>
      {payment.user.email}
      {payment.user.id === null && (
        <Text component="span" size="xs" c="dimmed">
          {' '}
          {t('(аккаунт удалён)')}
        </Text>
      )}
    </Text>
  );
}

function ReceiptLink({ payment }: { payment: AdminPayment }) {
  const t = useText(adminPaymentsTexts);
  if (payment.status !== 'paid') return null;
  return (
    <Button
      component={Link}
      to={paths.paymentReceipt.getHref(payment.id)}
      size="xs"
      variant="light"
      leftSection={<IconReceipt size={14} aria-hidden />}
      aria-label={t('Квитанция № {id}', { id: payment.id })}
    >
      {t('Квитанция')}
    </Button>
  );
}

/**
 * Columns Дата, Плательщик, Тариф, Сумма, Статус, Действует до and the receipt of a paid order. Below 720 px
 * the row folds into its first cell, the receipt included.
 */
export function AdminPaymentsTable({ payments }: { payments: AdminPayment[] }) {
  const t = useText(adminPaymentsTexts);
  return (
    <Table.ScrollContainer minWidth={0}>
      <ListTable
        columns={[
          t('Дата'),
          { label: t('Плательщик'), visibleFrom: 'xs' },
          { label: t('Тариф'), visibleFrom: 'xs' },
          { label: t('Сумма'), visibleFrom: 'xs' },
          { label: t('Статус'), visibleFrom: 'xs' },
          { label: t('Действует до'), visibleFrom: 'sm' },
          { label: t('Действия'), visibleFrom: 'xs' },
        ]}
        aria-label={t('Платежи')}
      >
        {payments.map((payment) => (
          <Table.Tr key={payment.id} data-testid="admin-payment-row">
            <Table.Td>
              <Stack gap={4}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(payment.paid_at ?? payment.created_at)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('№ {id}', { id: payment.id })}
                </Text>
                <Stack gap={4} hiddenFrom="xs">
                  <Text size="sm" fw={600}>
                    {payment.plan.name} · {t(PERIOD_LABEL[payment.period])} ·{' '}
                    <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(payment.amount)}</span>
                  </Text>
                  <Payer payment={payment} />
                  <PaymentStatus payment={payment} />
                  <Group>
                    <ReceiptLink payment={payment} />
                    <RefundButton payment={payment} />
                  </Group>
                </Stack>
              </Stack>
            </Table.Td>
            <Table.Td visibleFrom="xs">
              <Payer payment={payment} />
            </Table.Td>
            <Table.Td visibleFrom="xs">
              {payment.plan.name}
              <Text size="xs" c="dimmed">
                {t(PERIOD_LABEL[payment.period])}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(payment.amount)}
            </Table.Td>
            <Table.Td visibleFrom="xs">
              <PaymentStatus payment={payment} />
            </Table.Td>
            <Table.Td visibleFrom="sm">
              {payment.granted_until
                ? formatDate(payment.granted_until)
                : payment.status === 'paid'
                  ? t('Бессрочно')
                  : '—'}
            </Table.Td>
            <Table.Td className={classes.actions} visibleFrom="xs">
              <Group gap="xs" wrap="nowrap" justify="flex-end">
                <ReceiptLink payment={payment} />
                <RefundButton payment={payment} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Table.ScrollContainer>
  );
}
