import type { LoginResult } from '@cabinet/contracts';
import { useAction } from '@/lib/use-action';
import type { PasskeySignInInput } from './passkey-calls';

/**
 * Sign-in with a passkey (decision 0142). The ceremony (@simplewebauthn/browser and the contracts'
 * schemas, ./passkey-calls.ts) loads when it starts, after the screen is shown (decision 0111).
 */
export function signInWithPasskey(input: PasskeySignInInput): Promise<LoginResult> {
  return import('./passkey-calls').then((calls) => calls.signInWithPasskey(input));
}

/** Like the code sign-in: no session sent, errors shown in place, no toast, no query client. */
export function usePasskeySignIn() {
  return useAction(signInWithPasskey);
}
