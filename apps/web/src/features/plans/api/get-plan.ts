import { type Plan, plansEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys/plans';

/** One plan. */
export async function getPlan(id: number): Promise<Plan> {
  const { data } = await callEndpoint(plansEndpoints.get, { params: { id } });
  return data;
}

export function planQueryOptions(id: number) {
  return queryOptions({
    queryKey: planKeys.get(id),
    queryFn: () => getPlan(id),
    meta: { errorToast: 'Не удалось получить данные тарифа' },
  });
}

export function usePlan(id: number) {
  return useQuery({ ...planQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
