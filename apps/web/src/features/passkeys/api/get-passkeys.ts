import { type ListMeta, type Passkey, passkeysEndpoints } from '@cabinet/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { passkeyKeys } from '@/lib/query-keys/passkeys';

export const PASSKEYS_PAGE_SIZE = 20;
export const PASSKEYS_LOAD_FAILED = 'Не удалось получить список ключей доступа';

/** The caller's passkeys, newest first. */
export async function getPasskeys(page: number): Promise<{ items: Passkey[]; meta: ListMeta }> {
  const { data, meta } = await callEndpoint(passkeysEndpoints.list, {
    query: { page, perPage: PASSKEYS_PAGE_SIZE },
  });
  return { items: data, meta };
}

export function passkeysQueryOptions(page: number) {
  return queryOptions({
    queryKey: passkeyKeys.listPage(page),
    queryFn: () => getPasskeys(page),
    placeholderData: keepPreviousData,
    // The panel says it failed, with 'Повторить' (decision 0164): no toast besides.
    meta: { errorToast: false },
  });
}

export function usePasskeys(page: number) {
  return useQuery(passkeysQueryOptions(page));
}
