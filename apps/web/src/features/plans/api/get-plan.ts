import { type Plan, plansEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys/plans';

/** One plan. */
export async function getPlan(id: number): Promise<Plan> {
  const { data } = await callEndpoint(plansEndpoints.get, { params: { id } });
  return data;
}

/** Spec section 8's text; the screens show it in place (components/load-error.tsx), not as a toast. */
export const PLAN_LOAD_FAILED = 'Не удалось получить данные тарифа';

export function planQueryOptions(id: number) {
  return queryOptions({
    queryKey: planKeys.get(id),
    queryFn: () => getPlan(id),
    meta: { errorToast: false },
  });
}

/** `fresh`: a settings form starts from what is stored now, not from a cached copy (admin plan settings). */
export function usePlan(id: number, { fresh = false } = {}) {
  return useQuery({
    ...planQueryOptions(id),
    ...(fresh ? { staleTime: 0 } : {}),
    enabled: Number.isInteger(id) && id > 0,
  });
}
