import { randomBytes } from 'node:crypto';
import { sealSecret } from '../src/lib/secret-box';
import type { TestApp } from './build-test-app';
import { createOrganization, createUser, type TestUser } from './factories';
import { TestOidcProvider } from './oidc-provider';

// Helpers of the SSO tests (issue 30): an organization with a verified domain and a connection to the tests'
// own OIDC provider, and a browser's way through start → provider → callback → landing page → finish.

export const SSO_ENV = {
  SECRETS_KEY: 'a-test-secrets-key-of-at-least-32-characters',
  SSO_ALLOW_PRIVATE: 'true',
};
/** The 'Корп' plan of the seed: it has SSO. */
export const PLAN_WITH_SSO = 3;

export const CALLBACK = 'http://cabinet.test/api/v1/auth/sso/callback';

export function startProvider(): Promise<TestOidcProvider> {
  const idp = new TestOidcProvider([CALLBACK]);
  return idp.start().then(() => idp);
}

/** A fresh domain name, its own per test (one verified row per domain). */
export const uniqueDomain = () => `corp-${randomBytes(4).toString('hex')}.test`;

export interface SsoOrganization {
  id: number;
  owner: TestUser;
  domain: string;
}

/**
 * An organization whose owner has a plan with SSO (or `planId`), a verified domain, and (unless `connection`
 * is false) a tested, enabled connection to `idp`.
 */
export async function ssoOrganization(
  t: TestApp,
  idp: TestOidcProvider,
  options: {
    planId?: number;
    ownerEmail?: (domain: string) => string;
    connection?:
      | false
      | { enabled?: boolean; enforce?: boolean; defaultTypeId?: number; displayName?: string };
    members?: { id: number; typeId?: number }[];
  } = {},
): Promise<SsoOrganization> {
  const domain = uniqueDomain();
  const owner = await createUser(t, {
    planId: options.planId ?? PLAN_WITH_SSO,
    ...(options.ownerEmail ? { email: options.ownerEmail(domain) } : {}),
  });
  const organization = await createOrganization(t, owner, { members: options.members ?? [] });
  await t.prisma.organizationDomain.create({
    data: { organizationId: organization.id, domain, token: 'test-token', verifiedAt: new Date() },
  });
  if (options.connection !== false) {
    const c = options.connection ?? {};
    await t.prisma.ssoConnection.create({
      data: {
        organizationId: organization.id,
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecretSealed: sealSecret(SSO_ENV.SECRETS_KEY, idp.clientSecret),
        displayName: c.displayName ?? '',
        enabled: c.enabled ?? true,
        enforce: c.enforce ?? false,
        defaultTypeId: c.defaultTypeId ?? 2,
        testedAt: new Date(),
      },
    });
  }
  return { id: organization.id, owner, domain };
}

/** The cookie a response sets for the SSO state, as a Cookie header ('' when none). */
export function stateCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  const line = lines.find((l: string) => l.startsWith('cabinet_sso='));
  return line ? (line.split(';')[0] as string) : '';
}

/** The fragment of a landing URL as parameters. */
export const fragmentOf = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

/** GET /auth/sso/start as a browser: where it is sent and the cookie it gets. */
export async function startSignIn(t: TestApp, organizationId: number, loginKey?: string) {
  const query = new URLSearchParams({ organization_id: String(organizationId) });
  if (loginKey) query.set('login_key', loginKey);
  const res = await t.app.inject({ url: `/api/v1/auth/sso/start?${query}` });
  if (res.statusCode !== 302) throw new Error(`start: ${res.statusCode} ${res.body}`);
  return { location: String(res.headers.location), cookie: stateCookie(res) };
}

/** The provider's redirect back, followed to the cabinet's callback with the browser's cookie. */
export async function followCallback(t: TestApp, back: URL, cookie: string): Promise<string> {
  const res = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: cookie ? { cookie } : {},
  });
  if (res.statusCode !== 302) throw new Error(`callback: ${res.statusCode} ${res.body}`);
  return String(res.headers.location);
}

/** The landing page's POST /auth/sso/finish with what the fragment carried. */
export function finish(t: TestApp, fragment: URLSearchParams, cookie: string, userAgent?: string) {
  const payload: Record<string, string> = {
    code: fragment.get('code') ?? '',
    state: fragment.get('state') ?? '',
  };
  const iss = fragment.get('iss');
  if (iss) payload.iss = iss;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sso/finish',
    payload,
    headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
}

/** Up to the landing page: start, the provider's login page as `login`, the callback. */
export async function toLanding(t: TestApp, idp: TestOidcProvider, organizationId: number, login: string) {
  const started = await startSignIn(t, organizationId);
  const back = await idp.signIn(started.location, login);
  const landing = await followCallback(t, back, started.cookie);
  return { landing, fragment: fragmentOf(landing), cookie: started.cookie };
}

/** The whole sign-in as one browser; answers the finish's response. */
export async function ssoSignIn(t: TestApp, idp: TestOidcProvider, organizationId: number, login: string) {
  const { fragment, cookie } = await toLanding(t, idp, organizationId, login);
  return finish(t, fragment, cookie);
}
