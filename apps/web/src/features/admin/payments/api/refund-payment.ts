import { type PaymentRefundRequest, paymentsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

/** An admin returns money of a YooKassa payment (decision 0204); the list and 'Возвраты' refresh. */
export function useRefundPayment(paymentId: number) {
  return useApiMutation({
    mutationFn: (body: PaymentRefundRequest) =>
      callEndpoint(paymentsEndpoints.refundPayment, { params: { id: paymentId }, body }),
    successToast: SERVER_MESSAGE,
    invalidates: [paymentKeys.adminList, paymentKeys.refunds, paymentKeys.history, paymentKeys.orders],
  });
}
