import { paymentsEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';

/** Whether payments run in test mode (the sandbox). */
export async function getPaymentSettings() {
  const { data } = await callEndpoint(paymentsEndpoints.settings);
  return data;
}

export function paymentSettingsQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.settings,
    queryFn: getPaymentSettings,
    staleTime: 10 * 60_000,
    // Only a badge depends on it; a failure must not bother the user.
    meta: { errorToast: false },
  });
}

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
