import { PaymentSettingsSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/v1/rest/payments/settings: whether payments run in test mode (the sandbox). */
export async function getPaymentSettings() {
  const { data } = await apiClient.get('/rest/payments/settings', { schema: PaymentSettingsSchema });
  return data;
}

export function paymentSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'settings'] as const,
    queryFn: getPaymentSettings,
    staleTime: 10 * 60_000,
    // Only a badge depends on it; a failure must not bother the user.
    meta: { errorToast: false },
  });
}

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
