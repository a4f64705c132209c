import { type PasskeyRegistrationResponse, passkeysEndpoints } from '@cabinet/contracts';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { passkeyKeys } from '@/lib/query-keys/passkeys';
import { useApiMutation } from '@/lib/use-api-mutation';
import { passkeysTexts } from '../texts';

/**
 * A new passkey of the signed-in user (decision 0142): the server's creation options, the browser's own
 * dialog (fingerprint, face, PIN or a security key), then the answer checked and kept under `name`.
 */
export async function addPasskey(name: string) {
  const { data: options } = await callEndpoint(passkeysEndpoints.registerOptions);
  const response = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  return callEndpoint(passkeysEndpoints.registerVerify, {
    body: { response: response as PasskeyRegistrationResponse, name },
  });
}

/** The dialog shows a failure in place (the browser's refusals have no server message). */
export function useAddPasskey() {
  const t = useText(passkeysTexts);
  return useApiMutation({
    mutationFn: addPasskey,
    successToast: t('Ключ доступа добавлен'),
    meta: { errorToast: false },
    invalidates: [passkeyKeys.list],
  });
}
