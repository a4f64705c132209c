import { type Plan, plansEndpoints } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { ADMIN_LIST_PER_PAGE, type ListPage } from '@/lib/list-page';
import { planKeys } from '@/lib/query-keys/plans';
import type { AdminPlansText } from '../texts';

/**
 * Spec section 8: the admin tariffs ('подписки') list has its own text, which the users list reuses;
 * 'Не удалось получить список тарифов' is the cabinet's price list (features/plans/api/get-plans.ts).
 */
export const ADMIN_PLANS_LOAD_FAILED = 'Ошибка при получении подписок' satisfies AdminPlansText;

export type AdminPlansQuery = { search: string; page: number };

/**
 * `name` (a case-insensitive substring) is the search (docs/decisions/0020-plan-list-query.md), sorted
 * by id.
 */
export async function getAdminPlans({ search, page }: AdminPlansQuery): Promise<ListPage<Plan>> {
  const { data, meta } = await callEndpoint(plansEndpoints.list, {
    query: { name: search.trim() || undefined, page, perPage: ADMIN_LIST_PER_PAGE, sort_by: 'id' },
  });
  return { items: data, meta };
}

export function adminPlansQueryOptions(query: AdminPlansQuery) {
  return queryOptions({
    queryKey: planKeys.list({ search: query.search.trim(), page: query.page }),
    queryFn: () => getAdminPlans(query),
    placeholderData: keepPreviousData,
    // Shown in place with 'Повторить' (ADMIN_PLANS_LOAD_FAILED; decision 0164).
    meta: { errorToast: false },
  });
}

export function useAdminPlans(query: AdminPlansQuery) {
  return useQuery(adminPlansQueryOptions(query));
}
