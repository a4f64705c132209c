import { type Plan, PlanSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/** GET /api/v1/rest/subscribes: every plan, by id (the price list is short). */
export async function getPlans(): Promise<Plan[]> {
  const { data } = await apiClient.get('/rest/subscribes', {
    query: { perPage: 100, sort_by: 'id', order: 'asc' },
    schema: z.array(PlanSchema),
  });
  return data;
}

export const plansQueryKey = ['plans', 'list'] as const;

export function plansQueryOptions() {
  return queryOptions({
    queryKey: plansQueryKey,
    queryFn: getPlans,
    staleTime: 5 * 60_000,
    // Spelled as in spec section 8.
    meta: { errorToast: 'Не удалось список тарифов' },
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
