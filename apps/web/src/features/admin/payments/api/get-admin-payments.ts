import {
  type AdminPayment,
  type AdminPaymentStatus,
  billingEndpoints,
  type PaymentPeriod,
} from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '@/lib/api-client';
import { ADMIN_LIST_PER_PAGE, type ListPage } from '@/lib/list-page';
import { paymentKeys } from '@/lib/query-keys/payments';
import { saveFile } from '@/lib/save-file';
import type { AdminPaymentsText } from '../texts';

/** Shown in place with 'Повторить' (decision 0164). */
export const ADMIN_PAYMENTS_LOAD_FAILED = 'Не удалось получить список платежей' satisfies AdminPaymentsText;
export const ADMIN_PAYMENTS_EXPORT_FAILED = 'Не удалось скачать платежи' satisfies AdminPaymentsText;

/** The list's filters as the screen keeps them (and the URL carries them): the API's query, all text. */
export type AdminPaymentFilters = {
  plan_id?: string;
  period?: PaymentPeriod;
  status?: AdminPaymentStatus;
  /** Creation date, YYYY-MM-DD, both ends inclusive (UTC days, as the API reads them). */
  from?: string;
  to?: string;
  test?: 'true' | 'false';
};

export async function getAdminPayments(
  page: number,
  filters: AdminPaymentFilters,
): Promise<ListPage<AdminPayment>> {
  const { data, meta } = await callEndpoint(billingEndpoints.payments, {
    query: { ...filters, page, perPage: ADMIN_LIST_PER_PAGE },
  });
  return { items: data, meta };
}

export function adminPaymentsQueryOptions(page: number, filters: AdminPaymentFilters) {
  return queryOptions({
    queryKey: paymentKeys.adminListPage(page, filters),
    queryFn: () => getAdminPayments(page, filters),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function useAdminPayments(page: number, filters: AdminPaymentFilters) {
  return useQuery(adminPaymentsQueryOptions(page, filters));
}

/** Saves the CSV of every order the filters select (the server streams it). */
export async function downloadAdminPaymentsCsv(filters: AdminPaymentFilters): Promise<void> {
  saveFile(await downloadEndpoint(billingEndpoints.paymentsExport, { query: filters }), 'payments.csv');
}
