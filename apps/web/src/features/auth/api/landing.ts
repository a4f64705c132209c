import type { LoginResult } from '@cabinet/contracts';
import { callLazyEndpoint } from '@/lib/api-client';
import { authEndpoint } from '@/lib/lazy-endpoints';

/**
 * The end of a sign-in at an outside provider (decision 0283): the landing's one-time code, with this
 * browser's flow cookie (sent by the browser itself), for the same answer a code sign-in gives.
 */
export async function exchangeLandingCode(input: { code: string; loginKey: string }): Promise<LoginResult> {
  const { data } = await callLazyEndpoint(authEndpoint('landing'), { body: input });
  return data;
}
