import { type LoginRequest, type LoginResult, LoginResultSchema } from '@cabinet/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiResult, apiClient } from '@/lib/api-client';

/**
 * POST /api/v1/auth/login, both steps. Neither sends the session (spec section 6), and the sign-in screen
 * shows their errors in place, so they opt out of toasts and of the 401 rule (a wrong code is a 401).
 */

export type RequestLoginCodeInput = { loginKey: string; email: string };
export type ConfirmLoginCodeInput = RequestLoginCodeInput & { code: string };

const loginMeta = { errorToast: false, sessionless: true } as const;

/** Step one: e-mails a one-time code; the answer carries only a message. */
export function requestLoginCode(input: RequestLoginCodeInput): Promise<ApiResult<null>> {
  const body: LoginRequest = { loginKey: input.loginKey, email: input.email.trim() };
  return apiClient.post('/auth/login', body, { schema: z.null(), withSession: false });
}

/**
 * Step two. The code goes as a JSON number, as the spec asks, so '012345' travels as 12345 and the
 * server pads it back to six digits (product-decisions, Sign-in).
 */
export function confirmLoginCode(input: ConfirmLoginCodeInput): Promise<ApiResult<LoginResult>> {
  const body: LoginRequest = {
    loginKey: input.loginKey,
    email: input.email.trim(),
    code: Number(input.code),
  };
  return apiClient.post('/auth/login', body, { schema: LoginResultSchema, withSession: false });
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode, meta: loginMeta });
}

export function useConfirmLoginCode() {
  return useMutation({ mutationFn: confirmLoginCode, meta: loginMeta });
}
