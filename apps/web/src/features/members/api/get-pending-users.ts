import type { PendingUser } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazyEndpoint } from '@/lib/api-client';
import { organizationsEndpoint } from '@/lib/lazy-endpoints';
import { organizationKeys } from '@/lib/query-keys/organizations';

/** Join requests to the organizations the caller owns. */
export async function getPendingUsers(): Promise<PendingUser[]> {
  const { data } = await callLazyEndpoint(organizationsEndpoint('pendingUsers'), { query: { perPage: 100 } });
  return data;
}

export function pendingUsersQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.pendingUsers,
    queryFn: getPendingUsers,
    // Spec section 8: failures of the home screen lists are only logged, never toasted.
    meta: { errorToast: false },
  });
}

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions());
}
