import { identitiesEndpoints, type LinkedIdentity } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { identityKeys } from '@/lib/query-keys/identities';
import { siteKeys } from '@/lib/query-keys/site';
import { loadSignInOptions } from '@/lib/sign-in-options';
import { useApiMutation } from '@/lib/use-api-mutation';
import { identitiesTexts } from '../texts';

export const IDENTITIES_LOAD_FAILED = 'Не удалось получить список связанных аккаунтов';

/** The caller's linked accounts: Yandex ID and organizations' single sign-on (issue 30). */
export async function getIdentities(): Promise<LinkedIdentity[]> {
  const { data } = await callEndpoint(identitiesEndpoints.list);
  return data;
}

export function useIdentities() {
  return useQuery(
    queryOptions({
      queryKey: identityKeys.list,
      queryFn: getIdentities,
      // The panel says it failed, with 'Повторить' (decision 0164): no toast besides.
      meta: { errorToast: false },
    }),
  );
}

/** Whether the installation has Yandex ID ('Привязать Яндекс ID' is offered only then). */
export function useYandexAvailable() {
  return useQuery({
    queryKey: siteKeys.signIn,
    queryFn: loadSignInOptions,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
    select: (options) => options.yandex_id,
  });
}

/** 'Привязать Яндекс ID': the call answers Yandex's page, where the browser goes next. */
export function useLinkYandex() {
  return useApiMutation({
    mutationFn: async () => (await callEndpoint(identitiesEndpoints.linkYandex)).data.url,
    onSuccess: (url) => {
      window.location.assign(url);
    },
  });
}

/** 'Отвязать': the Yandex ID signs nobody in any more. */
export function useUnlinkIdentity() {
  const t = useText(identitiesTexts);
  return useApiMutation({
    mutationFn: (id: number) => callEndpoint(identitiesEndpoints.delete, { params: { id } }),
    successToast: t('Яндекс ID отвязан'),
    invalidates: [identityKeys.list],
  });
}
