import type { Receipt } from '@cabinet/contracts';
import type { Translate } from '@cabinet/contracts/i18n';
import { Alert, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { Logo } from '@/components/logo';
import { formatDate, formatDateTime, formatMoney, personLabel } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { type PaymentText, paymentTexts } from '../texts';
import { methodLabel, orderNumber, periodLabel } from './payment-labels';
import classes from './receipt-view.module.css';

/** 'с 27.11.2026 по 27.12.2026'; an end-less grant reads 'бессрочно'. */
function termText(t: Translate<PaymentText>, receipt: Receipt): string {
  const start = receipt.term_start ? formatDate(receipt.term_start) : null;
  const end = receipt.granted_until ? formatDate(receipt.granted_until) : null;
  if (start && end) return t('с {start} по {end}', { start, end });
  if (start) return t('с {start} бессрочно', { start });
  return end ? t('по {end}', { end }) : t('бессрочно');
}

/**
 * The receipt of one payment (issue 15, decision 0157): what was bought, when, by whom, for how much, and
 * the plan's new end date. Printed as it shows, without the cabinet around it.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const t = useText(paymentTexts);
  const rows: [string, string][] = [
    [t('Дата оплаты'), formatDateTime(receipt.paid_at)],
    [t('Плательщик'), personLabel({ name: receipt.user.name, email: receipt.user.email })],
    [t('Тариф'), `${quoted(receipt.plan.name)}`],
    [t('Период'), periodLabel(receipt.period)],
    [t('Способ оплаты'), methodLabel(receipt.method)],
    [t('Оплаченный срок'), termText(t, receipt)],
    [t('Тариф действует до'), receipt.granted_until ? formatDate(receipt.granted_until) : t('Бессрочно')],
  ];
  return (
    <Paper withBorder p={{ base: 'md', xs: 40 }} maw={760} className={classes.sheet} data-testid="receipt">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Logo />
          <Stack gap={2} className={classes.number}>
            <Title order={2} size="h3">
              {t('Квитанция № {id}', { id: receipt.payment_id })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('от {date}', { date: formatDate(receipt.paid_at) })}
            </Text>
          </Stack>
        </Group>
        {receipt.test && (
          <Alert color="orange" variant="light" icon={<IconFlask size={20} aria-hidden />} p="sm">
            {t('Тестовый платёж: оплата прошла в тестовом режиме, деньги не списывались.')}
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
              {t('Номер заказа')}
            </Text>
            {/* The short number people read (issue 34, rule 10); the provider's label stays with the provider. */}
            <Text component="dd" m={0} fw={500} data-testid="order-number">
              {orderNumber(receipt.payment_id)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Divider />
        <Group justify="space-between" align="baseline">
          <Text fw={600}>{t('Итого оплачено')}</Text>
          <Text fw={700} fz={28} data-testid="receipt-amount">
            {formatMoney(receipt.amount)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
