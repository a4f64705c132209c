import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowRight, IconFlask } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { countFormat } from '@/components/count-card';
import { ListEmpty } from '@/components/list-frame/list-states';
import { LoadError } from '@/components/load-error';
import { formatMoney, formatUsage, USERS_OF } from '@/lib/format';
import { REVENUE_LOAD_FAILED, REVENUE_MONTHS, useRevenue } from '../api/get-revenue';
import { hasNoRevenue, payingShare, revenueTotal } from '../lib/revenue-data';

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
    body = <LoadError title={REVENUE_LOAD_FAILED} query={revenue} />;
  } else if (hasNoRevenue(data)) {
    body = (
      <Paper withBorder>
        <ListEmpty
          hint={
            showTest
              ? 'Тестовых оплат ещё не было'
              : 'Здесь появится выручка после первых оплат (тестовые платежи не учитываются)'
          }
        />
      </Paper>
    );
  } else {
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="lg">
          <Figure
            label={`Выручка за ${REVENUE_MONTHS} месяцев`}
            value={formatMoney(revenueTotal(data))}
            testId="revenue-total"
          />
          <Figure
            label="Выручка в этом месяце"
            value={formatMoney(thisMonth?.amount ?? '0.00')}
            note={`Оплат: ${countFormat.format(thisMonth?.payments ?? 0)}`}
            testId="revenue-this-month"
          />
          <Figure
            label="Доля платящих"
            value={payingShare(data)}
            note={formatUsage(data.paying_users, data.total_users, USERS_OF)}
            testId="revenue-paying-share"
          />
          <Figure
            label="Продления за 30 дней"
            value={countFormat.format(data.renewals_next_30_days)}
            note="Платные тарифы, срок которых подходит к концу"
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
          Выручка
        </Title>
        <Button
          component={Link}
          to={paymentsHref}
          variant="light"
          rightSection={<IconArrowRight size={16} />}
        >
          Все платежи
        </Button>
      </Group>
      {testMode && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconFlask size={20} aria-hidden />}
          title="Тестовый режим"
        >
          <Stack gap="xs">
            <Text size="sm">
              Платежи проходят на тестовой странице, деньги не списываются. В выручке тестовых платежей нет;
              чтобы увидеть графики до запуска, покажите их здесь.
            </Text>
            <Switch
              label="Показать тестовые платежи"
              checked={showTest}
              onChange={(event) => setShowTest(event.currentTarget.checked)}
            />
            {showTest && (
              <Text size="sm" fw={600} data-testid="revenue-test-note">
                Показаны только тестовые платежи: настоящие деньги по ним не поступали.
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {body}
    </Stack>
  );
}
