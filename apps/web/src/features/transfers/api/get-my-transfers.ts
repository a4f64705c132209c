import type { IncomingTransfer } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazyEndpoint } from '@/lib/api-client';
import { transfersEndpoint } from '@/lib/lazy-endpoints';
import { transferKeys } from '@/lib/query-keys/transfers';

/** The open ownership offers made to the caller (decision 0137). */
export async function getMyTransfers(): Promise<IncomingTransfer[]> {
  const { data } = await callLazyEndpoint(transfersEndpoint('mine'), { query: { perPage: 100 } });
  return data;
}

export function myTransfersQueryOptions() {
  return queryOptions({
    queryKey: transferKeys.mine,
    queryFn: getMyTransfers,
    // A home screen list: its failure is only logged (spec section 8).
    meta: { errorToast: false },
  });
}

export function useMyTransfers() {
  return useQuery(myTransfersQueryOptions());
}
