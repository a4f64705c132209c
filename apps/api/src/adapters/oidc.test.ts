import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestOidcProvider } from '../../test/oidc-provider';
import { authorizationRequest, discoverProvider, exchangeCode, OidcFailure, parseIssuer } from './oidc';

// The OIDC adapter against a real provider (oidc-provider on 127.0.0.1): discovery through the address
// guard, the authorization URL, the code exchange with its checks, and Russian failures.

const REDIRECT = 'http://cabinet.test/api/v1/auth/sso/callback';
const idp = new TestOidcProvider([REDIRECT]);
const open = { allowPrivate: true };
let settings: { issuer: string; clientId: string; clientSecret: string };

beforeAll(async () => {
  await idp.start();
  settings = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret };
});
afterAll(() => idp.stop());

/** What a failure says, or null when the call succeeded. */
async function failureOf(work: Promise<unknown>): Promise<OidcFailure | null> {
  try {
    await work;
    return null;
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    return error;
  }
}

describe('OIDC adapter', () => {
  it('signs a person in: PKCE S256, state and nonce in the URL, the ID token read after the exchange', async () => {
    idp.setAccount('ann', { email: 'Ann@Acme.test', email_verified: false, name: 'Анна Смирнова' });
    const provider = await discoverProvider(settings, open);
    const request = await authorizationRequest(provider, { redirectUri: REDIRECT });
    const url = new URL(request.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(request.state);
    expect(url.searchParams.get('nonce')).toBe(request.nonce);
    expect(url.searchParams.get('scope')).toBe('openid email profile');

    const back = await idp.signIn(request.url, 'ann');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    const response = {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      iss: back.searchParams.get('iss') ?? undefined,
    };
    const identity = await exchangeCode(provider, { redirectUri: REDIRECT, response, expected: request });
    expect(identity).toEqual({
      subject: 'ann',
      email: 'ann@acme.test',
      emailVerified: false,
      name: 'Анна Смирнова',
    });
  });

  it('refuses a wrong nonce, a wrong verifier and a code used twice, in Russian', async () => {
    const provider = await discoverProvider(settings, open);
    const run = async (tamper: (r: { state: string; nonce: string; codeVerifier: string }) => object) => {
      const request = await authorizationRequest(provider, { redirectUri: REDIRECT });
      const back = await idp.signIn(request.url, 'bob@acme.test');
      const response = {
        code: back.searchParams.get('code') ?? '',
        state: back.searchParams.get('state') ?? '',
        iss: back.searchParams.get('iss') ?? undefined,
      };
      const expected = { ...request, ...tamper(request) };
      const first = await failureOf(exchangeCode(provider, { redirectUri: REDIRECT, response, expected }));
      return { first, again: () => exchangeCode(provider, { redirectUri: REDIRECT, response, expected }) };
    };
    const nonce = await run(() => ({ nonce: 'another-nonce' }));
    expect(nonce.first?.kind).toBe('id_token');
    expect(nonce.first?.message).toMatch(/^Ответ поставщика входа не прошёл проверку/);
    const verifier = await run(() => ({ codeVerifier: 'x'.repeat(43) }));
    expect(verifier.first?.kind).toBe('token');
    const fine = await run(() => ({}));
    expect(fine.first).toBeNull();
    expect((await failureOf(fine.again()))?.kind).toBe('token');
  });

  it('says why discovery failed: nothing there, a wrong address, a private address not allowed', async () => {
    const blank = http.createServer((_req, res) => res.writeHead(404).end('nothing'));
    await new Promise<void>((resolve) => blank.listen(0, '127.0.0.1', resolve));
    const port = (blank.address() as AddressInfo).port;
    try {
      const missing = await failureOf(
        discoverProvider({ ...settings, issuer: `http://127.0.0.1:${port}/realms/x` }, open),
      );
      expect(missing?.kind).toBe('discovery');
      expect(missing?.message).toContain('/.well-known/openid-configuration');
      expect(missing?.message).not.toMatch(/[A-Za-z]{3,} [a-z]{3,} [a-z]{3,}/);
    } finally {
      blank.close();
    }
    // Plain http, and then a loopback address over https: both refused without SSO_ALLOW_PRIVATE.
    const refused = await failureOf(discoverProvider(settings, { allowPrivate: false }));
    expect(refused?.kind).toBe('refused');
    const loopback = await failureOf(
      discoverProvider({ ...settings, issuer: 'https://127.0.0.1:8443' }, { allowPrivate: false }),
    );
    expect(loopback?.kind).toBe('refused');
    expect(loopback?.message).toMatch(/^Адрес поставщика входа не разрешён/);
    const closed = await failureOf(discoverProvider({ ...settings, issuer: 'http://127.0.0.1:9' }, open));
    expect(closed?.kind).toBe('unreachable');
    expect((await failureOf(discoverProvider({ ...settings, issuer: 'ftp://x' }, open)))?.kind).toBe(
      'discovery',
    );
  });

  it('takes only http(s) issuers without credentials, query or fragment', () => {
    expect(parseIssuer('https://login.microsoftonline.com/tid/v2.0')?.href).toBe(
      'https://login.microsoftonline.com/tid/v2.0',
    );
    expect(parseIssuer('https://u:p@idp.example.com')).toBeNull();
    expect(parseIssuer('https://idp.example.com/?a=1')).toBeNull();
    expect(parseIssuer('javascript:alert(1)')).toBeNull();
  });
});
