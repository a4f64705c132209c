/// <reference path="./oidc-provider-types.d.ts" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

// A real OpenID Connect provider for the SSO tests (issue 30): oidc-provider (MIT) on a local port, with one
// confidential client (PKCE required) and its development login page ('devInteractions': any login, any
// password). The login typed is the account's id; the claims of its ID token are what the test set with
// setAccount (an address, email_verified, a name), else the login itself as a verified address.

export interface TestClaims {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export class TestOidcProvider {
  readonly clientId = 'cabinet-test-client';
  readonly clientSecret = 'cabinet-test-client-secret-0123456789';
  private readonly accounts = new Map<string, TestClaims>();
  private server: http.Server | null = null;
  issuer = '';

  /** `redirectUris`: the cabinet's callback, <PUBLIC_URL>/api/v1/auth/sso/callback. */
  constructor(private readonly redirectUris: string[]) {}

  /** The claims of the account `login` signs in as (replacing earlier ones). */
  setAccount(login: string, claims: TestClaims): void {
    this.accounts.set(login, claims);
  }

  private claimsOf(login: string): TestClaims {
    return this.accounts.get(login) ?? { email: login, email_verified: true, name: 'Тест Поставщиков' };
  }

  /** Starts on 127.0.0.1:`port` (0: any free port); answers the issuer URL. */
  async start(port = 0): Promise<string> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: this.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      pkce: { required: () => true },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name'],
      },
      // The scope's claims in the ID token itself, as Keycloak and Entra ID put them.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 3600,
        IdToken: 600,
        Interaction: 600,
        Session: 3600,
      },
      cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
      findAccount: (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: () => {
          const { email, email_verified, name } = this.claimsOf(sub);
          return { sub, email, email_verified, name };
        },
      }),
      // A first-party client: no consent screen, every scope granted once the person signed in.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const { oidc } = ctx;
        const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
        if (grantId) return oidc.provider.Grant.find(grantId);
        if (!oidc.session.accountId) return undefined;
        const grant = new oidc.provider.Grant({
          clientId: oidc.client.clientId,
          accountId: oidc.session.accountId,
        });
        grant.addOIDCScope('openid email profile');
        grant.addOIDCClaims(['email', 'email_verified', 'name']);
        await grant.save();
        return grant;
      },
    });
    server.on('request', provider.callback());
    return this.issuer;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * What a browser does at the provider: opens `authorizationUrl`, signs in on the login page as `login`,
   * and answers the redirect back to the cabinet (the callback URL with code, state and iss).
   */
  async signIn(authorizationUrl: string, login: string): Promise<URL> {
    const cookies = new Map<string, string>();
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let next: { url: URL; init?: RequestInit } = { url: new URL(authorizationUrl) };
    for (let step = 0; step < 12; step++) {
      if (!next.url.href.startsWith(this.issuer)) return next.url;
      const res = await fetch(next.url, {
        ...next.init,
        redirect: 'manual',
        headers: { ...(next.init?.headers as Record<string, string>), cookie: cookieHeader() },
      });
      keep(res);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        next = { url: new URL(location, next.url) };
        continue;
      }
      const page = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (res.status !== 200 || !action || !page.includes('name="login"')) {
        throw new Error(`the provider answered ${res.status}: ${page.slice(0, 300)}`);
      }
      next = {
        url: new URL(action.replaceAll('&amp;', '&'), next.url),
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
        },
      };
    }
    throw new Error('the provider never sent the browser back');
  }
}
