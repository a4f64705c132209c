import type { Translate } from '@cabinet/contracts/i18n';
import { Paper, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CollapsibleFilters, type FilterChip } from '@/components/collapsible-filters';
import { ListFrame } from '@/components/list-frame/list-frame';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import {
  ADMIN_PAYMENTS_EXPORT_FAILED,
  ADMIN_PAYMENTS_LOAD_FAILED,
  type AdminPaymentFilters,
  downloadAdminPaymentsCsv,
  useAdminPayments,
} from '@/features/admin/payments/api/get-admin-payments';
import { AdminPaymentsTable } from '@/features/admin/payments/components/admin-payments-table';
import {
  optionLabel,
  PaymentFilters,
  PERIOD_OPTIONS,
  STATUS_OPTIONS,
  TEST_OPTIONS,
} from '@/features/admin/payments/components/payment-filters';
import { type AdminPaymentsText, adminPaymentsTexts } from '@/features/admin/payments/texts';
import { usePlans } from '@/features/plans/api/get-plans';
import { failureText } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { notifyError } from '@/lib/toasts';

const FILTER_KEYS = ['plan_id', 'period', 'status', 'from', 'to', 'test'] as const;
const ALLOWED: Partial<Record<(typeof FILTER_KEYS)[number], readonly string[]>> = {
  period: ['month', 'year'],
  status: ['pending', 'paid', 'refund'],
  test: ['true', 'false'],
};

/** The filters the URL carries; a value the list would refuse is dropped rather than shown as an error. */
function filtersOf(params: URLSearchParams): AdminPaymentFilters {
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const allowed = ALLOWED[key];
    if (allowed && !allowed.includes(value)) continue;
    if (key === 'plan_id' && !/^\d{1,10}$/.test(value)) continue;
    if ((key === 'from' || key === 'to') && !/^\d{4}-\d{2}-\d{2}$/.test(value)) continue;
    filters[key] = value;
  }
  return filters as AdminPaymentFilters;
}

/** The filters in force as chips (issue 34, rule 11). */
function chipsOf(
  filters: AdminPaymentFilters,
  plans: { id: number; name: string }[],
  t: Translate<AdminPaymentsText>,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const { plan_id, period, status, from, to, test } = filters;
  if (plan_id)
    chips.push({
      key: 'plan_id',
      label: t('Тариф: {name}', { name: plans.find((p) => String(p.id) === plan_id)?.name ?? plan_id }),
    });
  if (period)
    chips.push({
      key: 'period',
      label: t('Период: {period}', { period: optionLabel(PERIOD_OPTIONS, period, t) }),
    });
  if (status)
    chips.push({
      key: 'status',
      label: t('Статус: {status}', { status: optionLabel(STATUS_OPTIONS, status, t) }),
    });
  if (from) chips.push({ key: 'from', label: t('С {date}', { date: formatDate(from) }) });
  if (to) chips.push({ key: 'to', label: t('По {date}', { date: formatDate(to) }) });
  if (test) chips.push({ key: 'test', label: optionLabel(TEST_OPTIONS, test, t) });
  return chips;
}

/**
 * /admin/payments (issue 15): every order, newest first, with filters kept in the URL (so the way back
 * from a receipt keeps them), pages, and the CSV of the filters in force.
 */
export function AdminPaymentsRoute() {
  const t = useText(adminPaymentsTexts);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => filtersOf(params), [search]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useAdminPayments(page, filters);
  const plans = usePlans();
  const [downloading, setDownloading] = useState(false);

  const go = (next: AdminPaymentFilters, nextPage = 1) => {
    const query = new URLSearchParams(next as Record<string, string>);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  };

  async function download() {
    setDownloading(true);
    try {
      await downloadAdminPaymentsCsv(filters);
    } catch (error) {
      notifyError(failureText(error, t(ADMIN_PAYMENTS_EXPORT_FAILED)));
    } finally {
      setDownloading(false);
    }
  }

  const anyFilter = Object.keys(filters).length > 0;
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.admin.home.getHref() }, { label: t('Платежи') }]}
        title={t('Платежи')}
        description={t(
          'Все заказы: оплаченные, неоплаченные и ожидающие возврата. Тестовые платежи отмечены.',
        )}
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', xs: 'lg' }}>
          <CollapsibleFilters
            chips={chipsOf(filters, plans.data ?? [], t)}
            onRemove={(key) => go(Object.fromEntries(Object.entries(filters).filter(([k]) => k !== key)))}
          >
            <PaymentFilters
              filters={filters}
              plans={(plans.data ?? []).map((plan) => ({ value: String(plan.id), label: plan.name }))}
              onApply={(next) => go(next)}
              onDownload={download}
              downloading={downloading}
            />
          </CollapsibleFilters>
        </Paper>
        <ListFrame
          list={list}
          page={page}
          onPageChange={(next) => go(filters, next)}
          errorText={t(ADMIN_PAYMENTS_LOAD_FAILED)}
          emptyNextStep={
            anyFilter ? t('Под эти фильтры не подходит ни один платёж') : t('Здесь появятся заказы тарифов')
          }
        >
          <AdminPaymentsTable payments={list.data?.items ?? []} />
        </ListFrame>
      </Stack>
    </>
  );
}
