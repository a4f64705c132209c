import { type PaymentPeriod, paymentsEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';

/** The credit of the running plan's unused days and the new end date, before 'Оплатить' (decision 0162). */
export async function getCheckoutPreview(planId: number, period: PaymentPeriod) {
  const { data } = await callEndpoint(paymentsEndpoints.checkoutPreview, {
    params: { id: planId },
    query: { type: period },
  });
  return data;
}

export function useCheckoutPreview(planId: number, period: PaymentPeriod, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: paymentKeys.checkoutPreview(planId, period),
      queryFn: () => getCheckoutPreview(planId, period),
      enabled,
      // The screen says it could not be computed, in place; paying still works.
      meta: { errorToast: false },
    }),
  );
}
