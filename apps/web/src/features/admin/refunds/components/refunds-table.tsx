import type { Refund } from '@cabinet/contracts';
import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck } from '@tabler/icons-react';
import { ListTable } from '@/components/list-frame/list-table';
import classes from '@/components/list-frame/table.module.css';
import { TestPaymentBadge } from '@/components/test-payment-badge';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { useResolveRefund } from '../api/resolve-refund';
import { adminRefundsTexts } from '../texts';
import { REFUND_REASON_LABELS, RESOLVE_REFUND_LABEL } from './refund-labels';

function RefundState({ refund }: { refund: Refund }) {
  const t = useText(adminRefundsTexts);
  if (!refund.resolved_at) {
    return (
      <Badge color="orange" variant="light" radius="sm" tt="none">
        {t('Ожидает возврата')}
      </Badge>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color="green" variant="light" radius="sm" tt="none">
        {t('Возвращён')}
      </Badge>
      <Text size="xs" c="dimmed">
        {formatDateTime(refund.resolved_at)}
        {refund.resolved_by ? ` · ${refund.resolved_by}` : ''}
      </Text>
    </Stack>
  );
}

/** The payer's e-mail, '—' when the label names no order. */
const payer = (refund: Refund) => refund.user?.email ?? '—';

/**
 * Columns Дата, Операция, Заказ, Сумма, Причина, Эл. почта, Состояние, Действия. On phones the row folds
 * into its first cell. Marking asks first: it cannot be taken back.
 */
export function RefundsTable({ refunds }: { refunds: Refund[] }) {
  const t = useText(adminRefundsTexts);
  const resolve = useResolveRefund();
  const confirm = (refund: Refund) =>
    modals.openConfirmModal({
      title: t('Деньги возвращены?'),
      children: (
        <Text size="sm">
          {t(
            'Отметьте возврат, когда {amount} по операции {operation} вернули плательщику. Отметку нельзя снять.',
            { amount: formatMoney(refund.amount), operation: refund.operation_id },
          )}
        </Text>
      ),
      labels: { confirm: t(RESOLVE_REFUND_LABEL), cancel: t('Отмена') },
      onConfirm: () => resolve.mutate(refund.id),
    });

  return (
    <Table.ScrollContainer minWidth={0}>
      <ListTable
        columns={[
          t('Дата'),
          { label: t('Операция'), visibleFrom: 'xs' },
          { label: t('Заказ'), visibleFrom: 'sm' },
          { label: t('Сумма'), visibleFrom: 'xs' },
          { label: t('Причина'), visibleFrom: 'xs' },
          { label: t('Эл. почта'), visibleFrom: 'xs' },
          { label: t('Состояние'), visibleFrom: 'xs' },
        ]}
        actions
      >
        {refunds.map((refund) => (
          <Table.Tr key={refund.id} data-testid="admin-refund-row">
            <Table.Td>
              <Stack gap={4}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(refund.created_at)}
                </Text>
                {refund.test && (
                  <Group>
                    <TestPaymentBadge />
                  </Group>
                )}
                <Stack gap={2} hiddenFrom="xs">
                  <Text size="sm" fw={600}>
                    {formatMoney(refund.amount)} · {t(REFUND_REASON_LABELS[refund.reason])}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {t('{payer} · операция {operation}', {
                      payer: payer(refund),
                      operation: refund.operation_id,
                    })}
                  </Text>
                  <RefundState refund={refund} />
                </Stack>
              </Stack>
            </Table.Td>
            <Table.Td visibleFrom="xs">
              <Code style={{ wordBreak: 'break-all' }}>{refund.operation_id}</Code>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              {/* The order's short number when the label names one (issue 34, rule 10); else the label. */}
              {refund.order_id !== null ? (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('№ {id}', { id: refund.order_id })}
                </Text>
              ) : (
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {refund.label || '—'}
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(refund.amount)}
            </Table.Td>
            <Table.Td visibleFrom="xs">{t(REFUND_REASON_LABELS[refund.reason])}</Table.Td>
            <Table.Td visibleFrom="xs" style={{ wordBreak: 'break-all' }}>
              {payer(refund)}
            </Table.Td>
            <Table.Td visibleFrom="xs">
              <RefundState refund={refund} />
            </Table.Td>
            <Table.Td className={classes.actions}>
              {!refund.resolved_at && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  loading={resolve.isPending && resolve.variables === refund.id}
                  onClick={() => confirm(refund)}
                  aria-label={t('Отметить как возвращённый: операция {operation}', {
                    operation: refund.operation_id,
                  })}
                >
                  {t(RESOLVE_REFUND_LABEL)}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Table.ScrollContainer>
  );
}
