import { type Plan, PlanResponseSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminPlanKeys } from './keys';

/** GET /api/v1/rest/subscribes/{id}. */
export async function getAdminPlan(id: number): Promise<Plan> {
  const { data } = await apiClient.get(`/rest/subscribes/${id}`, { schema: PlanResponseSchema.shape.data });
  return data;
}

export function adminPlanQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminPlanKeys.detail(id),
    queryFn: () => getAdminPlan(id),
    // The settings form must start from what is stored now, not from a cached copy.
    staleTime: 0,
    meta: { errorToast: 'Не удалось получить данные тарифа' },
  });
}

export function useAdminPlan(id: number) {
  return useQuery({ ...adminPlanQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
