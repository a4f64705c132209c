import { oauthEndpoints } from '@cabinet/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { oauthKeys } from '@/lib/query-keys/oauth';
import { useApiMutation } from '@/lib/use-api-mutation';
import { deviceTexts } from '../texts';

/** What is asking for a user code; a wrong code answers 404, too many wrong codes 429 with the wait. */
export function useDeviceRequest(userCode: string | null) {
  return useQuery({
    queryKey: oauthKeys.device(userCode ?? ''),
    queryFn: async () =>
      (await callEndpoint(oauthEndpoints.device, { query: { user_code: userCode ?? '' } })).data,
    enabled: userCode !== null,
    retry: false,
    // The page says what failed in place (decision 0164): no toast besides.
    meta: { errorToast: false },
  });
}

/** 'Разрешить' or 'Отклонить'. */
export function useDeviceDecision() {
  const t = useText(deviceTexts);
  return useApiMutation({
    mutationFn: async (input: { user_code: string; approve: boolean }) =>
      (await callEndpoint(oauthEndpoints.decision, { body: input })).data,
    failureToast: t('Не удалось сохранить решение'),
  });
}
