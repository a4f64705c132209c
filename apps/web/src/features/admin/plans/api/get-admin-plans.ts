import { type Plan, PlanListResponseSchema } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ADMIN_LIST_PER_PAGE, type ListPage, readListMeta } from '../../shared/list-page';
import { adminPlanKeys } from './keys';

export type AdminPlansQuery = { search: string; page: number };

/**
 * GET /api/v1/rest/subscribes with `name` (a case-insensitive substring) as the search
 * (docs/decisions/0020-plan-list-query.md), sorted by id.
 */
export async function getAdminPlans({ search, page }: AdminPlansQuery): Promise<ListPage<Plan>> {
  const { data, meta } = await apiClient.get('/rest/subscribes', {
    query: { name: search.trim() || undefined, page, perPage: ADMIN_LIST_PER_PAGE, sort_by: 'id' },
    schema: PlanListResponseSchema.shape.data,
  });
  return { items: data, meta: readListMeta(meta, data, page) };
}

export function adminPlansQueryOptions(query: AdminPlansQuery) {
  return queryOptions({
    queryKey: adminPlanKeys.list({ search: query.search.trim(), page: query.page }),
    queryFn: () => getAdminPlans(query),
    placeholderData: keepPreviousData,
    // Spec section 8: the admin tariffs ('подписки') list has its own text, which the users list reuses;
    // 'Не удалось список тарифов' is the cabinet's price list (features/plans/api/get-plans.ts).
    meta: { errorToast: 'Ошибка при получении подписок' },
  });
}

export function useAdminPlans(query: AdminPlansQuery) {
  return useQuery(adminPlansQueryOptions(query));
}
