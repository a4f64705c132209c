import { type SsoSettingsUpdate, ssoEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { ssoKeys } from '@/lib/query-keys/sso';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

// The calls of 'Единый вход (SSO)' on an organization's page (issue 30).

export const SSO_LOAD_FAILED = 'Не удалось получить настройки единого входа';

export function useSsoSettings(organizationId: number) {
  return useQuery(
    queryOptions({
      queryKey: ssoKeys.settings(organizationId),
      queryFn: async () => (await callEndpoint(ssoEndpoints.get, { params: { id: organizationId } })).data,
      meta: { errorToast: false },
    }),
  );
}

/** Saves the connection: the server's message as the toast (it says what turning things on ended). */
export function useSaveSsoSettings(organizationId: number) {
  return useApiMutation({
    mutationFn: (body: SsoSettingsUpdate) =>
      callEndpoint(ssoEndpoints.update, { params: { id: organizationId }, body }),
    successToast: SERVER_MESSAGE,
    invalidates: [ssoKeys.settings(organizationId)],
  });
}

/** 'Проверить подключение': the provider's page to open (the answer also sets this browser's state cookie). */
export function useStartSsoTest(organizationId: number) {
  return useApiMutation({
    mutationFn: async () =>
      (await callEndpoint(ssoEndpoints.test, { params: { id: organizationId } })).data.url,
  });
}
