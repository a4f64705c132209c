import { type LoginResult, type PasskeyAuthenticationResponse, passkeysEndpoints } from '@cabinet/contracts';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { callEndpoint } from '@/lib/api-client';

export type PasskeySignInInput = {
  loginKey: string;
  /** Offer the passkeys in the e-mail field's autofill (conditional mediation) instead of a dialog. */
  autofill: boolean;
};

/**
 * Sign-in with a passkey (decision 0142): request options that name no account, the browser's passkey
 * dialog or autofill, then the signed answer for the same result as a code sign-in (the hand-off included).
 */
export async function signInWithPasskey({ loginKey, autofill }: PasskeySignInInput): Promise<LoginResult> {
  const { data: options } = await callEndpoint(passkeysEndpoints.loginOptions, { body: {} });
  const response = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  const { data } = await callEndpoint(passkeysEndpoints.loginVerify, {
    body: { response: response as PasskeyAuthenticationResponse, loginKey },
  });
  return data;
}
