import { type LoginResult, ssoEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';

/**
 * The landing page's POST /api/v1/auth/sso/finish (issue 30): the provider's answer the callback carried in
 * the fragment; the browser's own cookie proves it started this sign-in. Answers a sign-in's result.
 */
export async function finishSsoSignIn(answer: {
  code: string;
  state: string;
  iss?: string;
}): Promise<LoginResult> {
  const { data } = await callEndpoint(ssoEndpoints.finish, { body: answer });
  return data;
}
