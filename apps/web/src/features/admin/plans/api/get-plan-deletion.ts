import { plansEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { planKeys } from '@/lib/query-keys/plans';

/** Whether the plan can be deleted now, and why not (decision 0163). */
export async function getPlanDeletion(id: number) {
  const { data } = await callEndpoint(plansEndpoints.deletion, { params: { id } });
  return data;
}

/** Asked when 'Удалить тариф' is pressed, never from a cache: holders come and go. */
export function usePlanDeletion(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: planKeys.deletion(id ?? 0),
      queryFn: () => getPlanDeletion(id ?? 0),
      enabled: id !== null,
      staleTime: 0,
      gcTime: 0,
      // The dialog shows the failure in place.
      meta: { errorToast: false },
    }),
  );
}
