import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLazyEndpoint } from '@/lib/api-client';
import { siteEndpoint } from '@/lib/lazy-endpoints';
import { siteKeys } from '@/lib/query-keys/site';

/** The header's 'О сервисе', 'FAQ', 'Поддержка' as the installation sets them (decision 0161). */
export async function getSiteLinks() {
  const { data } = await callLazyEndpoint(siteEndpoint('links'));
  return data;
}

export function useSiteLinks() {
  return useQuery(
    queryOptions({
      queryKey: siteKeys.links,
      queryFn: getSiteLinks,
      // Set at the server's start: once per page load is enough.
      staleTime: Number.POSITIVE_INFINITY,
      // A header without its links is no failure to report.
      meta: { errorToast: false },
    }),
  );
}
