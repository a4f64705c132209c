import '@mantine/charts/styles.css';
import type { Revenue } from '@cabinet/contracts';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ListEmpty } from '@/components/list-frame/list-states';
import { formatPrice } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n';
import { monthName, newUserRows, payingByPlanMonth, revenueRows } from '../lib/revenue-data';
import { adminRevenueTexts } from '../texts';

// The charts of the 'Выручка' dashboard (issue 15). This module is loaded on demand (React.lazy in
// revenue-section.tsx): recharts and the charts' styles stay out of every other screen's bundle.

const rubles = (value: number) => (value === 0 ? '0 ₽' : formatPrice(value));

type ChartCardProps = {
  title: string;
  /** One line under the title: what the chart counts. */
  note: string;
  testId: string;
  /** The chart's figures as a table, for screen readers (the drawing itself is not read out). */
  table: { columns: string[]; rows: (string | number)[][] };
  /** Nothing to draw: 'Нет данных' and this next step instead. */
  empty?: string | false;
  children: ReactNode;
};

function ChartCard({ title, note, testId, table, empty, children }: ChartCardProps) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      p={{ base: 'sm', xs: 'lg' }}
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Stack gap="sm">
        <div>
          <Title id={titleId} order={3} size="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        </div>
        {empty ? (
          <ListEmpty compact hint={empty} />
        ) : (
          <>
            <div aria-hidden>{children}</div>
            <VisuallyHidden>
              <Table>
                <caption>{title}</caption>
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((column) => (
                      <Table.Th key={column}>{column}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row) => (
                    <Table.Tr key={String(row[0])}>
                      {row.map((cell, index) => (
                        <Table.Td key={index}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}

const CHART_HEIGHT = 260;

/** Revenue by month, paying users by plan, new accounts by week and the share of paying users. */
export default function RevenueCharts({ revenue }: { revenue: Revenue }) {
  const t = useText(adminRevenueTexts);
  const count = new Intl.NumberFormat(useLocale());
  const months = revenueRows(revenue);
  const plans = payingByPlanMonth(revenue);
  const weeks = newUserRows(revenue);
  const free = Math.max(revenue.total_users - revenue.paying_users, 0);
  const share = [
    ...revenue.by_plan
      .filter((plan) => plan.paying_users > 0)
      .map((plan) => ({
        name: plan.name,
        value: plan.paying_users,
        color: plans.series.find((s) => s.label === plan.name)?.color ?? 'blue.6',
      })),
    { name: t('Без оплаты'), value: free, color: 'gray.4' },
  ];

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <ChartCard
        title={t('Выручка по месяцам')}
        note={t('Оплаченные заказы, без тестовых платежей')}
        testId="chart-revenue-by-month"
        empty={months.every((m) => m.payments === 0) && t('Здесь появится выручка после первых оплат')}
        table={{
          columns: [t('Месяц'), t('Выручка'), t('Оплат')],
          rows: months.map((m) => [monthName(m.month), rubles(m.amount), m.payments]),
        }}
      >
        <BarChart
          accessibilityLayer={false}
          h={CHART_HEIGHT}
          data={months}
          dataKey="label"
          series={[{ name: 'amount', label: t('Выручка'), color: 'blue.6' }]}
          valueFormatter={rubles}
          yAxisProps={{ width: 84 }}
          tickLine="y"
          gridAxis="y"
        />
      </ChartCard>

      <ChartCard
        title={t('Платящие пользователи по тарифам')}
        note={t('Сколько пользователей пользовались платным тарифом в каждом месяце')}
        testId="chart-paying-by-plan"
        empty={plans.series.length === 0 && t('Здесь появятся пользователи платных тарифов')}
        table={{
          columns: [t('Месяц'), ...plans.series.map((s) => s.label)],
          rows: plans.rows.map((row) => [
            monthName(String(row.month)),
            ...plans.series.map((s) => Number(row[s.name] ?? 0)),
          ]),
        }}
      >
        <LineChart
          accessibilityLayer={false}
          h={CHART_HEIGHT}
          data={plans.rows}
          dataKey="label"
          series={plans.series}
          curveType="linear"
          withLegend
          valueFormatter={(value) => count.format(value)}
          yAxisProps={{ allowDecimals: false }}
          tickLine="y"
          gridAxis="y"
        />
      </ChartCard>

      <ChartCard
        title={t('Новые аккаунты по неделям')}
        note={t('Зарегистрировались за неделю (с понедельника)')}
        testId="chart-new-users"
        empty={weeks.length === 0 && t('Здесь появятся новые аккаунты')}
        table={{
          columns: [t('Неделя с'), t('Новых аккаунтов')],
          rows: weeks.map((w) => [w.week, w.count]),
        }}
      >
        <BarChart
          accessibilityLayer={false}
          h={CHART_HEIGHT}
          data={weeks}
          dataKey="label"
          series={[{ name: 'count', label: t('Новых аккаунтов'), color: 'teal.6' }]}
          valueFormatter={(value) => count.format(value)}
          yAxisProps={{ allowDecimals: false }}
          tickLine="y"
          gridAxis="y"
        />
      </ChartCard>

      <ChartCard
        title={t('Доля платящих')}
        note={t('Пользователи на платном тарифе сейчас, с льготным периодом')}
        testId="chart-paying-share"
        empty={revenue.total_users === 0 && t('Здесь появятся пользователи')}
        table={{ columns: [t('Тариф'), t('Пользователей')], rows: share.map((s) => [s.name, s.value]) }}
      >
        <Stack align="center" gap="xs">
          <DonutChart
            accessibilityLayer={false}
            data={share}
            size={200}
            thickness={28}
            withLabels={false}
            // The drawing is hidden from screen readers (its table reads out): nothing in it takes the focus.
            pieProps={{ rootTabIndex: -1 }}
            chartLabel={t('{paying, number} из {total, number}', {
              paying: revenue.paying_users,
              total: revenue.total_users,
            })}
            valueFormatter={(value) => count.format(value)}
          />
          <Text size="sm" c="dimmed" ta="center">
            {share.map((s) => `${s.name}: ${count.format(s.value)}`).join(' · ')}
          </Text>
        </Stack>
      </ChartCard>
    </SimpleGrid>
  );
}
