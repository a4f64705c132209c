import { type ListMeta, type Payment, paymentsEndpoints } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';

export const PAYMENTS_PAGE_SIZE = 10;

export type PaymentsPage = { items: Payment[]; meta: ListMeta | null };

/**
 * The caller's paid orders (status=paid), newest first. Abandoned checkouts (pending orders) are left
 * out: they are not payments (docs/decisions/0055).
 */
export async function getPayments(page: number): Promise<PaymentsPage> {
  const { data, meta } = await callEndpoint(paymentsEndpoints.history, {
    query: { page, perPage: PAYMENTS_PAGE_SIZE, status: 'paid' },
  });
  return { items: data, meta };
}

export function paymentsQueryOptions(page: number) {
  return queryOptions({
    queryKey: paymentKeys.historyPage(page),
    queryFn: () => getPayments(page),
    placeholderData: keepPreviousData,
    meta: { errorToast: 'Не удалось получить историю платежей' },
  });
}

export function usePayments(page: number) {
  return useQuery(paymentsQueryOptions(page));
}
