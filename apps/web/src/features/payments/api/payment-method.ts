import { paymentsEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

/** The saved payment method and the auto-renewal switch (decision 0205). */
export async function getPaymentMethod() {
  const { data } = await callEndpoint(paymentsEndpoints.paymentMethod);
  return data;
}

export function paymentMethodQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.paymentMethod,
    queryFn: getPaymentMethod,
    meta: { errorToast: false },
  });
}

export function usePaymentMethod() {
  return useQuery(paymentMethodQueryOptions());
}

export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (enabled: boolean) => callEndpoint(paymentsEndpoints.autoRenew, { body: { enabled } }),
    successToast: SERVER_MESSAGE,
    onSuccess: (res) => queryClient.setQueryData(paymentKeys.paymentMethod, res.data),
  });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: () => callEndpoint(paymentsEndpoints.deletePaymentMethod),
    successToast: SERVER_MESSAGE,
    onSuccess: () => queryClient.setQueryData(paymentKeys.paymentMethod, null),
  });
}
