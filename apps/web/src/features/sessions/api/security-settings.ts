import { type SecuritySettings, sessionsEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { sessionKeys } from '@/lib/query-keys/sessions';
import { useApiMutation } from '@/lib/use-api-mutation';
import { sessionsTexts } from '../texts';

export const SECURITY_SETTINGS_LOAD_FAILED = 'Не удалось получить настройки безопасности';

/** The caller's security switches: the new-device mail (decision 0141). */
export async function getSecuritySettings(): Promise<SecuritySettings> {
  const { data } = await callEndpoint(sessionsEndpoints.settings);
  return data;
}

export function securitySettingsQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.settings,
    queryFn: getSecuritySettings,
    // The card says it failed, with 'Повторить' (decision 0164): no toast besides.
    meta: { errorToast: false },
  });
}

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}

export async function updateSecuritySettings(input: SecuritySettings) {
  return callEndpoint(sessionsEndpoints.updateSettings, { body: input });
}

export function useUpdateSecuritySettings() {
  const t = useText(sessionsTexts);
  return useApiMutation({
    mutationFn: updateSecuritySettings,
    successToast: t('Настройки сохранены'),
    failureToast: t('Не удалось сохранить настройки'),
    invalidates: [sessionKeys.settings],
  });
}
