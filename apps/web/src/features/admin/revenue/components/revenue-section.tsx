import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowRight, IconFlask } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { countFormat } from '@/components/count-card';
import { ListEmpty } from '@/components/list-frame/list-states';
import { LoadError } from '@/components/load-error';
import { formatMoney } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { REVENUE_LOAD_FAILED, REVENUE_MONTHS, useRevenue } from '../api/get-revenue';
import { hasNoRevenue, payingShare, revenueTotal } from '../lib/revenue-data';
import { adminRevenueTexts } from '../texts';

// recharts is ~100 KB compressed: only this section's own chunk asks for it (issue 15's bundle budgets).
const RevenueCharts = lazy(() => import('./revenue-charts'));

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} data-testid={testId}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

function ChartsPlaceholder() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={340} />
      ))}
    </SimpleGrid>
  );
}

/**
 * 'Выручка' on the admin home (issue 15, decision 0158): the year's revenue, this month's, the share of
 * paying users and the renewals due in 30 days, then the charts; the way to every payment.
 */
export function RevenueSection({
  paymentsHref,
  testMode = false,
}: {
  paymentsHref: string;
  testMode?: boolean;
}) {
  // A test-mode server may show its test payments (issue 34, rule 8); the live figures never include them.
  const t = useText(adminRevenueTexts);
  const [showTest, setShowTest] = useState(false);
  const revenue = useRevenue(REVENUE_MONTHS, testMode && showTest);
  const data = revenue.data;
  const thisMonth = data?.by_month.at(-1);

  let body: ReactNode;
  if (revenue.isPending) {
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="lg">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={96} />
          ))}
        </SimpleGrid>
        <ChartsPlaceholder />
      </Stack>
    );
  } else if (revenue.isError || !data) {
    body = <LoadError title={t(REVENUE_LOAD_FAILED)} query={revenue} />;
  } else if (hasNoRevenue(data)) {
    body = (
      <Paper withBorder>
        <ListEmpty
          hint={
            showTest
              ? t('Тестовых оплат ещё не было')
              : t('Здесь появится выручка после первых оплат (тестовые платежи не учитываются)')
          }
        />
      </Paper>
    );
  } else {
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="lg">
          <Figure
            label={t(
              'Выручка за {count, plural, one {# месяц} few {# месяца} many {# месяцев} other {# месяца}}',
              { count: REVENUE_MONTHS },
            )}
            value={formatMoney(revenueTotal(data))}
            testId="revenue-total"
          />
          <Figure
            label={t('Выручка в этом месяце')}
            value={formatMoney(thisMonth?.amount ?? '0.00')}
            note={t('Оплат: {count, number}', { count: thisMonth?.payments ?? 0 })}
            testId="revenue-this-month"
          />
          <Figure
            label={t('Доля платящих')}
            value={payingShare(data)}
            // The noun agrees with the total, as Russian has it (issue 34, rule 13): '1 из 21 пользователя'.
            note={t(
              '{paying, number} из {total, plural, one {# пользователя} few {# пользователей} many {# пользователей} other {# пользователей}}',
              { paying: data.paying_users, total: data.total_users },
            )}
            testId="revenue-paying-share"
          />
          <Figure
            label={t('Продления за 30 дней')}
            value={countFormat.format(data.renewals_next_30_days)}
            note={t('Платные тарифы, срок которых подходит к концу')}
            testId="revenue-renewals"
          />
        </SimpleGrid>
        <Suspense fallback={<ChartsPlaceholder />}>
          <RevenueCharts revenue={data} />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="revenue-title" mt="xl">
      <Group justify="space-between" gap="sm">
        <Title id="revenue-title" order={2} size="h3">
          {t('Выручка')}
        </Title>
        <Button
          component={Link}
          to={paymentsHref}
          variant="light"
          rightSection={<IconArrowRight size={16} />}
        >
          {t('Все платежи')}
        </Button>
      </Group>
      {testMode && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconFlask size={20} aria-hidden />}
          title={t('Тестовый режим')}
        >
          <Stack gap="xs">
            <Text size="sm">
              {t(
                'Платежи проходят на тестовой странице, деньги не списываются. В выручке тестовых платежей нет; чтобы увидеть графики до запуска, покажите их здесь.',
              )}
            </Text>
            <Switch
              label={t('Показать тестовые платежи')}
              checked={showTest}
              onChange={(event) => setShowTest(event.currentTarget.checked)}
            />
            {showTest && (
              <Text size="sm" fw={600} data-testid="revenue-test-note">
                {t('Показаны только тестовые платежи: настоящие деньги по ним не поступали.')}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {body}
    </Stack>
  );
}
