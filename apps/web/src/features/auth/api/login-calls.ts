import { authEndpoints, type LoginRequest, type LoginResult } from '@cabinet/contracts';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { unknownServerError } from '@/lib/api-error';
import { chosenLocale } from '@/lib/i18n/locale';
import { loadDeviceToken, saveDeviceToken } from '../lib/device-token';

/**
 * The sign-in call, both steps. Neither sends the session (spec section 6). Loaded on first use by
 * ./login.ts: the endpoint table's schemas (zod) stay out of the sign-in screen's first load (decision 0111).
 */

export type RequestLoginCodeInput = { loginKey: string; email: string };
export type ConfirmLoginCodeInput = RequestLoginCodeInput & { code: string };

/** `device_token` when this browser signed in to the address before (lib/device-token.ts; decision 0182). */
function withDeviceToken(body: LoginRequest): LoginRequest {
  const token = loadDeviceToken(body.email);
  return token ? { ...body, device_token: token } : body;
}

/**
 * Step one: e-mails a one-time code; the answer carries only a message. The mail is written in the screen's
 * language: the switch's choice goes as `locale` (issue 32); without one, Accept-Language says it.
 */
export function requestLoginCode(input: RequestLoginCodeInput) {
  const locale = chosenLocale();
  const body = withDeviceToken({
    loginKey: input.loginKey,
    email: input.email.trim(),
    ...(locale ? { locale } : {}),
  });
  return callEndpoint(authEndpoints.login, { body });
}

/**
 * Step two. The code goes as a JSON number, as the spec asks, so '012345' travels as 12345 and the
 * server pads it back to six digits (product-decisions, Sign-in).
 */
export async function confirmLoginCode(
  input: ConfirmLoginCodeInput,
): Promise<{ message: string; data: LoginResult }> {
  const body = withDeviceToken({
    loginKey: input.loginKey,
    email: input.email.trim(),
    code: Number(input.code),
  });
  const { message, data } = await callEndpoint(authEndpoints.login, { body });
  // The call answers null only at step one; a session missing here is a server bug.
  if (!data) throw new ApiError(200, unknownServerError(), 'INTERNAL');
  if (data.device_token) saveDeviceToken(body.email, data.device_token);
  return { message, data };
}
