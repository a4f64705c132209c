import {
  type OauthClient,
  type OauthClientCreate,
  type OauthClientUpdate,
  oauthEndpoints,
} from '@cabinet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n';
import { ADMIN_LIST_PER_PAGE, type ListPage } from '@/lib/list-page';
import { oauthKeys } from '@/lib/query-keys/oauth';
import { useApiMutation } from '@/lib/use-api-mutation';
import { type AdminApplicationsText, adminApplicationsTexts } from '../texts';

export const CLIENTS_LOAD_FAILED = 'Не удалось получить список приложений' satisfies AdminApplicationsText;

export async function getClients(page: number): Promise<ListPage<OauthClient>> {
  const { data, meta } = await callEndpoint(oauthEndpoints.clients, {
    query: { page, perPage: ADMIN_LIST_PER_PAGE },
  });
  return { items: data, meta };
}

export function useClients(page: number) {
  return useQuery({
    queryKey: oauthKeys.clientsPage(page),
    queryFn: () => getClients(page),
    placeholderData: keepPreviousData,
    // Shown in place with 'Повторить' (decision 0164).
    meta: { errorToast: false },
  });
}

/** 'Зарегистрировать приложение'. */
export function useCreateClient() {
  const t = useText(adminApplicationsTexts);
  return useApiMutation({
    mutationFn: async (body: OauthClientCreate) =>
      (await callEndpoint(oauthEndpoints.createClient, { body })).data,
    successToast: t('Приложение зарегистрировано'),
    failureToast: t('Не удалось зарегистрировать приложение'),
    invalidates: [oauthKeys.clients],
  });
}

/** 'Отключить' / 'Включить': a disabled client's tokens end at once. */
export function useUpdateClient() {
  const t = useText(adminApplicationsTexts);
  return useApiMutation({
    mutationFn: async ({ id, ...body }: OauthClientUpdate & { id: number }) =>
      (await callEndpoint(oauthEndpoints.updateClient, { params: { id }, body })).data,
    successToast: t('Приложение сохранено'),
    failureToast: t('Не удалось сохранить приложение'),
    invalidates: [oauthKeys.clients],
  });
}
