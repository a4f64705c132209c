import { billingEndpoints, type Revenue } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys/admin';
import type { AdminRevenueText } from '../texts';

/** The dashboard covers a year: this month and the eleven before it (issue 15). */
export const REVENUE_MONTHS = 12;
/** Shown in place with 'Повторить' (decision 0164). */
export const REVENUE_LOAD_FAILED = 'Не удалось получить выручку' satisfies AdminRevenueText;

/** `test`: the figures of test payments only (a test-mode server's preview, issue 34). */
export async function getRevenue(months: number, test = false): Promise<Revenue> {
  const { data } = await callEndpoint(billingEndpoints.revenue, {
    query: test ? { months, test: 'true' } : { months },
  });
  return data;
}

export function revenueQueryOptions(months = REVENUE_MONTHS, test = false) {
  return queryOptions({
    queryKey: adminKeys.revenue(months, test),
    queryFn: () => getRevenue(months, test),
    // One aggregate over every payment: a minute old is fresh enough for a dashboard.
    staleTime: 60_000,
    meta: { errorToast: false },
  });
}

export function useRevenue(months = REVENUE_MONTHS, test = false) {
  return useQuery(revenueQueryOptions(months, test));
}
