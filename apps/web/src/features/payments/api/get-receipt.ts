import { billingEndpoints, type Receipt } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';

/** Shown in place with 'Повторить' (decision 0164); the server's reason (a 404) is added under it. */
export const RECEIPT_LOAD_FAILED = 'Не удалось получить квитанцию';

/** A paid order's receipt: the payer's own, or anyone's for a site admin (issue 15). */
export async function getReceipt(paymentId: number): Promise<Receipt> {
  const { data } = await callEndpoint(billingEndpoints.receipt, { params: { id: paymentId } });
  return data;
}

export function receiptQueryOptions(paymentId: number) {
  return queryOptions({
    queryKey: paymentKeys.receipt(paymentId),
    queryFn: () => getReceipt(paymentId),
    // A receipt does not change once the payment is applied.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
}

export function useReceipt(paymentId: number) {
  return useQuery({
    ...receiptQueryOptions(paymentId),
    enabled: Number.isInteger(paymentId) && paymentId > 0,
  });
}
