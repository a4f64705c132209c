import { domainsEndpoints as e, type OrganizationDomain } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { domainKeys } from '@/lib/query-keys/domains';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';
import { domainTexts } from '../texts';

// The calls of 'Домены' (issue 30): an organization's verified domains.

export const DOMAINS_LOAD_FAILED = 'Не удалось получить список доменов';

export function useDomains(organizationId: number) {
  return useQuery(
    queryOptions({
      queryKey: domainKeys.list(organizationId),
      queryFn: async (): Promise<OrganizationDomain[]> =>
        (await callEndpoint(e.list, { params: { id: organizationId } })).data,
      // The section says it failed, with 'Повторить' (decision 0164): no toast besides.
      meta: { errorToast: false },
    }),
  );
}

/** 'Добавить домен': the server's refusals about the name go under the field (the section claims them). */
export function useAddDomain(organizationId: number) {
  return useApiMutation({
    mutationFn: (domain: string) =>
      callEndpoint(e.create, { params: { id: organizationId }, body: { domain } }),
    successToast: SERVER_MESSAGE,
    invalidates: [domainKeys.list(organizationId)],
  });
}

/**
 * 'Проверить': the outcome of a failed check (no record, another value, DNS silent, too many checks) is
 * shown beside the domain, not in a toast; the list is refreshed either way (the time of the last check).
 */
export function useVerifyDomain(organizationId: number) {
  return useApiMutation({
    mutationFn: (did: number) => callEndpoint(e.verify, { params: { id: organizationId, did } }),
    successToast: SERVER_MESSAGE,
    meta: { errorToast: false },
    refreshOnSettled: true,
    invalidates: [domainKeys.list(organizationId)],
  });
}

export function useRemoveDomain(organizationId: number) {
  return useApiMutation({
    mutationFn: (did: number) => callEndpoint(e.delete, { params: { id: organizationId, did } }),
    successToast: SERVER_MESSAGE,
    failureToast: textNow(domainTexts)('Не удалось удалить домен'),
    invalidates: [domainKeys.list(organizationId)],
  });
}
