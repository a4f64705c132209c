import { billingEndpoints, type Revenue } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys/admin';

/** The dashboard covers a year: this month and the eleven before it (issue 15). */
export const REVENUE_MONTHS = 12;
/** Shown in place with 'Повторить' (decision 0164). */
export const REVENUE_LOAD_FAILED = 'Не удалось получить выручку';

export async function getRevenue(months: number): Promise<Revenue> {
  const { data } = await callEndpoint(billingEndpoints.revenue, { query: { months } });
  return data;
}

export function revenueQueryOptions(months = REVENUE_MONTHS) {
  return queryOptions({
    queryKey: adminKeys.revenue(months),
    queryFn: () => getRevenue(months),
    // One aggregate over every payment: a minute old is fresh enough for a dashboard.
    staleTime: 60_000,
    meta: { errorToast: false },
  });
}

export function useRevenue(months = REVENUE_MONTHS) {
  return useQuery(revenueQueryOptions(months));
}
