import type { LoginResult } from '@cabinet/contracts';
import { useAction } from '@/lib/use-action';
import type { ConfirmLoginCodeInput, RequestLoginCodeInput } from './login-calls';

/**
 * The sign-in call's hooks, both steps. The sign-in screen shows their errors in place: no toast, no 401
 * rule (a wrong code is a 401), nothing cached, so they run without the query client. The fetchers
 * (./login-calls.ts) load on first use, so the contracts' schemas are not part of the sign-in screen's
 * first load (decision 0111).
 */

const loadLoginCalls = () => import('./login-calls');

export function requestLoginCode(input: RequestLoginCodeInput) {
  return loadLoginCalls().then((calls) => calls.requestLoginCode(input));
}

export function confirmLoginCode(
  input: ConfirmLoginCodeInput,
): Promise<{ message: string; data: LoginResult }> {
  return loadLoginCalls().then((calls) => calls.confirmLoginCode(input));
}

export function useRequestLoginCode() {
  return useAction(requestLoginCode);
}

export function useConfirmLoginCode() {
  return useAction(confirmLoginCode);
}
