import { paymentsEndpoints, type Refund } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { ADMIN_LIST_PER_PAGE, type ListPage } from '@/lib/list-page';
import { paymentKeys } from '@/lib/query-keys/payments';
import { type AdminRefundsText, adminRefundsTexts } from '../texts';

export const REFUNDS_LOAD_FAILED = 'Не удалось получить список возвратов' satisfies AdminRefundsText;

/** Every refund case, newest first (docs/decisions/0092). */
export async function getRefunds(page: number): Promise<ListPage<Refund>> {
  const { data, meta } = await callEndpoint(paymentsEndpoints.refunds, {
    query: { page, perPage: ADMIN_LIST_PER_PAGE },
  });
  return { items: data, meta };
}

/** How many cases wait for their money to be returned: the total of `status=open`. */
export async function getOpenRefundsCount(): Promise<number> {
  const { meta } = await callEndpoint(paymentsEndpoints.refunds, { query: { status: 'open', perPage: 1 } });
  return meta.total;
}

export function useRefunds(page: number) {
  return useQuery(
    queryOptions({
      queryKey: paymentKeys.refundsPage(page),
      queryFn: () => getRefunds(page),
      placeholderData: keepPreviousData,
      // Shown in place with 'Повторить' (decision 0164).
      meta: { errorToast: false },
    }),
  );
}

export function useOpenRefundsCount() {
  return useQuery(
    queryOptions({
      queryKey: paymentKeys.openRefunds,
      queryFn: getOpenRefundsCount,
      meta: { errorToast: textNow(adminRefundsTexts)(REFUNDS_LOAD_FAILED) },
    }),
  );
}
