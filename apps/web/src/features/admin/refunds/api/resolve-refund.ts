import { paymentsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';
import { useApiMutation } from '@/lib/use-api-mutation';

/** The money was returned by hand. */
export function resolveRefund(id: number) {
  return callEndpoint(paymentsEndpoints.resolveRefund, { params: { id } });
}

export function useResolveRefund() {
  return useApiMutation({
    mutationFn: resolveRefund,
    successToast: 'Возврат отмечен',
    invalidates: [paymentKeys.refunds],
  });
}
