import { passkeysEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { passkeyKeys } from '@/lib/query-keys/passkeys';
import { useApiMutation } from '@/lib/use-api-mutation';

export function renamePasskey(input: { id: number; name: string }) {
  return callEndpoint(passkeysEndpoints.rename, { params: { id: input.id }, body: { name: input.name } });
}

export function useRenamePasskey() {
  return useApiMutation({
    mutationFn: renamePasskey,
    successToast: 'Ключ доступа переименован',
    meta: { errorToast: false },
    invalidates: [passkeyKeys.list],
  });
}

export function deletePasskey(id: number) {
  return callEndpoint(passkeysEndpoints.delete, { params: { id } });
}

/** After it, the passkey signs nobody in. */
export function useDeletePasskey() {
  return useApiMutation({
    mutationFn: deletePasskey,
    successToast: 'Ключ доступа удалён',
    failureToast: 'Не удалось удалить ключ доступа',
    invalidates: [passkeyKeys.list],
  });
}
