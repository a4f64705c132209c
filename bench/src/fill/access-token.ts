// A personal access token of the persona (issue 29), made through the API so that its hash is keyed with
// the server's own sign-in code secret: the token-authenticated calls of calls.ts send it as a Bearer.
export async function createAccessToken(baseUrl: string, sessionToken: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/rest/profile/tokens`, {
    method: 'POST',
    headers: { 'x-session-id': sessionToken, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Бенч', scopes: ['read'], expires_in_days: null }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  const token = body.data?.token;
  if (!res.ok || typeof token !== 'string') {
    throw new Error(`token creation answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return token;
}
