import { passkeysEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { passkeyKeys } from '@/lib/query-keys/passkeys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { passkeysTexts } from '../texts';

export function renamePasskey(input: { id: number; name: string }) {
  return callEndpoint(passkeysEndpoints.rename, { params: { id: input.id }, body: { name: input.name } });
}

export function useRenamePasskey() {
  const t = useText(passkeysTexts);
  return useApiMutation({
    mutationFn: renamePasskey,
    successToast: t('Ключ доступа переименован'),
    meta: { errorToast: false },
    invalidates: [passkeyKeys.list],
  });
}

export function deletePasskey(id: number) {
  return callEndpoint(passkeysEndpoints.delete, { params: { id } });
}

/** After it, the passkey signs nobody in. */
export function useDeletePasskey() {
  const t = useText(passkeysTexts);
  return useApiMutation({
    mutationFn: deletePasskey,
    successToast: t('Ключ доступа удалён'),
    failureToast: t('Не удалось удалить ключ доступа'),
    invalidates: [passkeyKeys.list],
  });
}
