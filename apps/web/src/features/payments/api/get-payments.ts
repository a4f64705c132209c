import { type ListMeta, ListMetaSchema, type Payment, PaymentSchema } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

export const PAYMENTS_PAGE_SIZE = 10;

export type PaymentsPage = { items: Payment[]; meta: ListMeta | null };

/**
 * GET /api/v1/rest/payments?status=paid: the caller's paid orders, newest first. Abandoned checkouts
 * (pending orders) are left out: they are not payments (docs/decisions/0055).
 */
export async function getPayments(page: number): Promise<PaymentsPage> {
  const { data, meta } = await apiClient.get('/rest/payments', {
    query: { page, perPage: PAYMENTS_PAGE_SIZE, status: 'paid' },
    schema: z.array(PaymentSchema),
  });
  const parsed = ListMetaSchema.safeParse(meta);
  return { items: data, meta: parsed.success ? parsed.data : null };
}

export const paymentsQueryKey = ['payments', 'list'] as const;

export function paymentsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, page] as const,
    queryFn: () => getPayments(page),
    placeholderData: keepPreviousData,
    meta: { errorToast: 'Не удалось получить историю платежей' },
  });
}

export function usePayments(page: number) {
  return useQuery(paymentsQueryOptions(page));
}
