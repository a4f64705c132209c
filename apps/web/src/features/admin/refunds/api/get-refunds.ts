import { type Refund, RefundListResponseSchema } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADMIN_LIST_PER_PAGE, type ListPage, readListMeta } from '../../shared/list-page';

/** Query keys of the refunds screen and the admin home card: a resolve refreshes both. */
export const adminRefundKeys = {
  all: ['admin', 'refunds'] as const,
  list: (page: number) => [...adminRefundKeys.all, 'list', page] as const,
  openCount: () => [...adminRefundKeys.all, 'open-count'] as const,
};

const refundListSchema = RefundListResponseSchema.shape.data;

/** GET /api/v1/rest/admin/refunds: every refund case, newest first (docs/decisions/0092). */
export async function getRefunds(page: number): Promise<ListPage<Refund>> {
  const { data, meta } = await apiClient.get('/rest/admin/refunds', {
    query: { page, perPage: ADMIN_LIST_PER_PAGE },
    schema: refundListSchema,
  });
  return { items: data, meta: readListMeta(meta, data, page) };
}

/** How many cases wait for their money to be returned: the total of `status=open`. */
export async function getOpenRefundsCount(): Promise<number> {
  const { data, meta } = await apiClient.get('/rest/admin/refunds', {
    query: { status: 'open', perPage: 1 },
    schema: refundListSchema,
  });
  return readListMeta(meta, data, 1).total;
}

export function useRefunds(page: number) {
  return useQuery(
    queryOptions({
      queryKey: adminRefundKeys.list(page),
      queryFn: () => getRefunds(page),
      placeholderData: keepPreviousData,
      meta: { errorToast: 'Не удалось получить список возвратов' },
    }),
  );
}

export function useOpenRefundsCount() {
  return useQuery(
    queryOptions({
      queryKey: adminRefundKeys.openCount(),
      queryFn: getOpenRefundsCount,
      meta: { errorToast: 'Не удалось получить список возвратов' },
    }),
  );
}
