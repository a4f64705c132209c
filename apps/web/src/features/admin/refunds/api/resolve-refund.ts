import { paymentsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n';
import { paymentKeys } from '@/lib/query-keys/payments';
import { useApiMutation } from '@/lib/use-api-mutation';
import { adminRefundsTexts } from '../texts';

/** The money was returned by hand. */
export function resolveRefund(id: number) {
  return callEndpoint(paymentsEndpoints.resolveRefund, { params: { id } });
}

export function useResolveRefund() {
  const t = useText(adminRefundsTexts);
  return useApiMutation({
    mutationFn: resolveRefund,
    successToast: t('Возврат отмечен'),
    invalidates: [paymentKeys.refunds],
  });
}
