import { type Payment, paymentsEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';

/** One order by its label: the result page's poll (decision 0202). */
export async function getOrder(label: string): Promise<Payment> {
  const { data } = await callEndpoint(paymentsEndpoints.order, { params: { label } });
  return data;
}

/** Polled every 2 s while the bank has not answered, for at most 3 minutes. */
export function orderQueryOptions(label: string) {
  const started = Date.now();
  return queryOptions({
    queryKey: paymentKeys.order(label),
    queryFn: () => getOrder(label),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - started < 3 * 60_000 ? 2000 : false,
    meta: { errorToast: false },
  });
}

export function useOrder(label: string) {
  return useQuery({ ...orderQueryOptions(label), enabled: /^[0-9a-f]{32}$/.test(label) });
}
