import type { SsoDiscovery } from '@cabinet/contracts';

/**
 * POST /api/v1/auth/sso/discover (issue 30): whether the address's domain signs in through its organization's
 * SSO. A plain fetch of a few lines: the sign-in screen loads it when an address is submitted, without the
 * query client or the contracts' schemas (decision 0111's budget). Any failure is "no SSO": the code stays.
 */
export async function discoverSso(email: string) {
  try {
    const res = await fetch('/api/v1/auth/sso/discover', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email }),
    });
    if (!res.ok) return null;
    const data = ((await res.json()) as { data?: SsoDiscovery | null }).data;
    // Only a start of the cabinet's own SSO is followed: never an address from elsewhere.
    if (!data || typeof data.name !== 'string' || !data.url?.startsWith('/api/v1/auth/sso/start?'))
      return null;
    return { name: data.name, url: data.url, onlySso: data.only_sso === true };
  } catch {
    return null;
  }
}
