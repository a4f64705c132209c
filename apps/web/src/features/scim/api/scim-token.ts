import { type ScimTokenCreated, type ScimTokenStatus, scimEndpoints } from '@cabinet/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { scimKeys } from '@/lib/query-keys/scim';
import { useApiMutation } from '@/lib/use-api-mutation';
import { scimTexts } from '../texts';

// The calls of the 'SCIM' section of an organization's settings (issue 30).

export const SCIM_LOAD_FAILED = 'Не удалось получить настройки SCIM';

export async function getScimToken(organizationId: number): Promise<ScimTokenStatus> {
  return (await callEndpoint(scimEndpoints.token, { params: { id: organizationId } })).data;
}

export function useScimToken(organizationId: number) {
  return useQuery({
    queryKey: scimKeys.token(organizationId),
    queryFn: () => getScimToken(organizationId),
    // The section says it failed, with 'Повторить' (decision 0164): no toast besides.
    meta: { errorToast: false },
  });
}

/** 'Создать токен' / 'Заменить токен': the answer holds the token, shown once. */
export function useCreateScimToken(organizationId: number) {
  return useApiMutation({
    mutationFn: async (): Promise<ScimTokenCreated> =>
      (await callEndpoint(scimEndpoints.createToken, { params: { id: organizationId } })).data,
    failureToast: textNow(scimTexts)('Не удалось создать токен SCIM'),
    invalidates: [scimKeys.token(organizationId)],
  });
}
