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
  PaymentFilters,
  PERIOD_OPTIONS,
  STATUS_OPTIONS,
  TEST_OPTIONS,
} from '@/features/admin/payments/components/payment-filters';
import { usePlans } from '@/features/plans/api/get-plans';
import { failureText } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
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

const labelOf = (options: { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/** The filters in force as chips (issue 34, rule 11). */
function chipsOf(filters: AdminPaymentFilters, plans: { id: number; name: string }[]): FilterChip[] {
  const chips: FilterChip[] = [];
  const { plan_id, period, status, from, to, test } = filters;
  if (plan_id)
    chips.push({
      key: 'plan_id',
      label: `Тариф: ${plans.find((p) => String(p.id) === plan_id)?.name ?? plan_id}`,
    });
  if (period) chips.push({ key: 'period', label: `Период: ${labelOf(PERIOD_OPTIONS, period)}` });
  if (status) chips.push({ key: 'status', label: `Статус: ${labelOf(STATUS_OPTIONS, status)}` });
  if (from) chips.push({ key: 'from', label: `С ${formatDate(from)}` });
  if (to) chips.push({ key: 'to', label: `По ${formatDate(to)}` });
  if (test) chips.push({ key: 'test', label: labelOf(TEST_OPTIONS, test) });
  return chips;
}

/**
 * /admin/payments (issue 15): every order, newest first, with filters kept in the URL (so the way back
 * from a receipt keeps them), pages, and the CSV of the filters in force.
 */
export function AdminPaymentsRoute() {
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
      notifyError(failureText(error, ADMIN_PAYMENTS_EXPORT_FAILED));
    } finally {
      setDownloading(false);
    }
  }

  const anyFilter = Object.keys(filters).length > 0;
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.admin.home.getHref() }, { label: 'Платежи' }]}
        title="Платежи"
        description="Все заказы: оплаченные, неоплаченные и ожидающие возврата. Тестовые платежи отмечены."
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', xs: 'lg' }}>
          <CollapsibleFilters
            chips={chipsOf(filters, plans.data ?? [])}
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
          errorText={ADMIN_PAYMENTS_LOAD_FAILED}
          emptyNextStep={
            anyFilter ? 'Под эти фильтры не подходит ни один платёж' : 'Здесь появятся заказы тарифов'
          }
        >
          <AdminPaymentsTable payments={list.data?.items ?? []} />
        </ListFrame>
      </Stack>
    </>
  );
}
