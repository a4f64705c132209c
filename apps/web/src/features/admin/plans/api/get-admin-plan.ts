import { type Plan, plansEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys/plans';

export async function getAdminPlan(id: number): Promise<Plan> {
  const { data } = await callEndpoint(plansEndpoints.get, { params: { id } });
  return data;
}

export function adminPlanQueryOptions(id: number) {
  return queryOptions({
    queryKey: planKeys.get(id),
    queryFn: () => getAdminPlan(id),
    // The settings form must start from what is stored now, not from a cached copy.
    staleTime: 0,
    meta: { errorToast: 'Не удалось получить данные тарифа' },
  });
}

export function useAdminPlan(id: number) {
  return useQuery({ ...adminPlanQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
