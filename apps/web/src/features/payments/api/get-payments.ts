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
export async function getPayments(page: number, userId?: number): Promise<PaymentsPage> {
  const { data, meta } = await callEndpoint(paymentsEndpoints.history, {
    query: { page, perPage: PAYMENTS_PAGE_SIZE, status: 'paid', user_id: userId },
  });
  return { items: data, meta };
}

/** Shown in place with 'Повторить' (decision 0164). */
export const PAYMENTS_LOAD_FAILED = 'Не удалось получить историю платежей';

/** `userId`: an admin reads someone's payments (admin user settings, issue 16). */
export function paymentsQueryOptions(page: number, userId?: number, enabled = true) {
  return queryOptions({
    enabled,
    queryKey: paymentKeys.historyPage(page, userId),
    queryFn: () => getPayments(page, userId),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** `enabled: false` waits (the grace banner asks only while a grace period runs). */
export function usePayments(page: number, userId?: number, enabled = true) {
  return useQuery(paymentsQueryOptions(page, userId, enabled));
}
