import { type Plan, plansEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys/plans';

/** Every plan, by id (the price list is short). */
const PRICE_LIST_QUERY = { perPage: 100, sort_by: 'id', order: 'asc' } as const;

/**
 * Spec section 8's text with its typo corrected (product-decisions, Texts); the price list shows it in
 * place with 'Повторить' (decision 0164).
 */
export const PLANS_LOAD_FAILED = 'Не удалось получить список тарифов';

export async function getPlans(): Promise<Plan[]> {
  const { data } = await callEndpoint(plansEndpoints.list, { query: PRICE_LIST_QUERY });
  return data;
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: planKeys.list(PRICE_LIST_QUERY),
    queryFn: getPlans,
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
