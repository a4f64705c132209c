import { authEndpoints, type LoginRequest, type LoginResult } from '@cabinet/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callEndpoint, UNKNOWN_SERVER_ERROR } from '@/lib/api-client';

/**
 * The sign-in call, both steps. Neither sends the session (spec section 6), and the sign-in screen
 * shows their errors in place, so they opt out of toasts and of the 401 rule (a wrong code is a 401).
 */

export type RequestLoginCodeInput = { loginKey: string; email: string };
export type ConfirmLoginCodeInput = RequestLoginCodeInput & { code: string };

const loginMeta = { errorToast: false, sessionless: true } as const;

/** Step one: e-mails a one-time code; the answer carries only a message. */
export function requestLoginCode(input: RequestLoginCodeInput) {
  const body: LoginRequest = { loginKey: input.loginKey, email: input.email.trim() };
  return callEndpoint(authEndpoints.login, { body });
}

/**
 * Step two. The code goes as a JSON number, as the spec asks, so '012345' travels as 12345 and the
 * server pads it back to six digits (product-decisions, Sign-in).
 */
export async function confirmLoginCode(
  input: ConfirmLoginCodeInput,
): Promise<{ message: string; data: LoginResult }> {
  const body: LoginRequest = {
    loginKey: input.loginKey,
    email: input.email.trim(),
    code: Number(input.code),
  };
  const { message, data } = await callEndpoint(authEndpoints.login, { body });
  // The call answers null only at step one; a session missing here is a server bug.
  if (!data) throw new ApiError(200, UNKNOWN_SERVER_ERROR, 'INTERNAL');
  return { message, data };
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode, meta: loginMeta });
}

export function useConfirmLoginCode() {
  return useMutation({ mutationFn: confirmLoginCode, meta: loginMeta });
}
