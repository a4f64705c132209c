import type { Receipt } from '@cabinet/contracts';
import { Alert, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { Logo } from '@/components/logo';
import { formatDate, formatDateTime, formatMoney, personLabel } from '@/lib/format';
import { quoted } from '@/lib/quoted';
import { methodLabel, orderNumber, PERIOD_LABEL } from './payment-labels';
import classes from './receipt-view.module.css';

/** 'с 27.11.2026 по 27.12.2026'; an end-less grant reads 'бессрочно'. */
function termText(receipt: Receipt): string {
  const end = receipt.granted_until ? `по ${formatDate(receipt.granted_until)}` : 'бессрочно';
  return receipt.term_start ? `с ${formatDate(receipt.term_start)} ${end}` : end;
}

/**
 * The receipt of one payment (issue 15, decision 0157): what was bought, when, by whom, for how much, and
 * the plan's new end date. Printed as it shows, without the cabinet around it.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const rows: [string, string][] = [
    ['Дата оплаты', formatDateTime(receipt.paid_at)],
    ['Плательщик', personLabel({ name: receipt.user.name, email: receipt.user.email })],
    ['Тариф', `${quoted(receipt.plan.name)}`],
    ['Период', PERIOD_LABEL[receipt.period]],
    ['Способ оплаты', methodLabel(receipt.method)],
    ['Оплаченный срок', termText(receipt)],
    ['Тариф действует до', receipt.granted_until ? formatDate(receipt.granted_until) : 'Бессрочно'],
  ];
  return (
    <Paper withBorder p={{ base: 'md', xs: 40 }} maw={760} className={classes.sheet} data-testid="receipt">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Logo />
          <Stack gap={2} className={classes.number}>
            <Title order={2} size="h3">
              Квитанция № {receipt.payment_id}
            </Title>
            <Text size="sm" c="dimmed">
              от {formatDate(receipt.paid_at)}
            </Text>
          </Stack>
        </Group>
        {receipt.test && (
          <Alert color="orange" variant="light" icon={<IconFlask size={20} aria-hidden />} p="sm">
            Тестовый платёж: оплата прошла в тестовом режиме, деньги не списывались.
          </Alert>
        )}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md" m={0}>
          {rows.map(([term, value]) => (
            <Stack key={term} gap={2}>
              <Text component="dt" size="sm" c="dimmed">
                {term}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Stack>
          ))}
          <Stack gap={2}>
            <Text component="dt" size="sm" c="dimmed">
              Номер заказа
            </Text>
            {/* The short number people read (issue 34, rule 10); the provider's label stays with the provider. */}
            <Text component="dd" m={0} fw={500} data-testid="order-number">
              {orderNumber(receipt.payment_id)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Divider />
        <Group justify="space-between" align="baseline">
          <Text fw={600}>Итого оплачено</Text>
          <Text fw={700} fz={28} data-testid="receipt-amount">
            {formatMoney(receipt.amount)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
