import { type PendingUser, PendingUserSchema } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { organizationKeys } from '@/features/organizations/api/keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/v1/rest/organizations/pending-users: join requests to the organizations the caller owns. */
export async function getPendingUsers(): Promise<PendingUser[]> {
  const { data } = await apiClient.get('/rest/organizations/pending-users', {
    query: { perPage: 100 },
    schema: z.array(PendingUserSchema),
  });
  return data;
}

export function pendingUsersQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.pending(),
    queryFn: getPendingUsers,
    // Spec section 8: failures of the home screen lists are only logged, never toasted.
    meta: { errorToast: false },
  });
}

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions());
}
