import { type Plan, PlanSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/v1/rest/subscribes/{id}: one plan. */
export async function getPlan(id: number): Promise<Plan> {
  const { data } = await apiClient.get(`/rest/subscribes/${id}`, { schema: PlanSchema });
  return data;
}

export function planQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['plans', 'detail', id] as const,
    queryFn: () => getPlan(id),
    meta: { errorToast: 'Не удалось получить данные тарифа' },
  });
}

export function usePlan(id: number) {
  return useQuery({ ...planQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
