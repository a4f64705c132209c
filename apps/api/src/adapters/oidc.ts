import * as client from 'openid-client';
import type { ApiText } from '../i18n/catalogue';
import { tr, trId } from '../lib/i18n';
import { OutboundRefused } from './address-guard';
import { guardedFetch } from './guarded-fetch';

// An organization's OpenID Connect provider (issue 30; decisions 0274 and 0275): the one module that owns
// openid-client 6. Discovery, the authorization URL (code flow, PKCE S256, state, nonce) and the code
// exchange with the ID token's checks. Every HTTP call it makes (discovery, token, JWKS) goes through the
// address guard by openid-client's customFetch. Whatever fails comes out as an OidcFailure with a Russian
// text; the library's own words go only to the log (`cause`).

/** Each call to the provider gives up after this long. */
export const OIDC_TIMEOUT_SECONDS = 10;
/** A discovery document or a key set is a few kilobytes; an ID token answer too. */
const MAX_ANSWER_BYTES = 256 * 1024;
/** What the cabinet asks of the person: who they are, their address and their name. */
const SCOPE = 'openid email profile';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OidcNetwork {
  /** SSO_ALLOW_PRIVATE: the provider may be on a loopback or private address (then plain http too). */
  allowPrivate: boolean;
}

/** Why a call to the provider failed; `message` is Russian and may be shown to the person. */
export type OidcFailureKind = 'refused' | 'unreachable' | 'discovery' | 'client' | 'token' | 'id_token';

export class OidcFailure extends Error {
  constructor(
    readonly kind: OidcFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcFailure';
  }
}

const MESSAGES: Record<OidcFailureKind, ApiText> = {
  refused: trId(
    'Адрес поставщика входа не разрешён: кабинет обращается только к публичным адресам по https. Проверьте адрес издателя (issuer)',
  ),
  unreachable: trId('Не удалось связаться с поставщиком входа: он не ответил или недоступен'),
  discovery: trId(
    'Поставщик входа не отдал описание OpenID Connect (/.well-known/openid-configuration). Проверьте адрес издателя (issuer)',
  ),
  client: trId('Поставщик входа не принял client_id или секрет клиента'),
  token: trId('Поставщик входа отказал в выдаче токена: начните вход заново'),
  id_token: trId('Ответ поставщика входа не прошёл проверку: начните вход заново'),
};

/** The error and its causes, outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
    if (!(e instanceof Error)) break;
  }
  return chain;
}

/** The library's failure as ours, by where it happened. */
function failure(stage: 'discovery' | 'exchange', error: unknown): OidcFailure {
  if (error instanceof OidcFailure) return error;
  const wrap = (kind: OidcFailureKind) => new OidcFailure(kind, tr(MESSAGES[kind]), { cause: error });
  // The guard's refusal arrives wrapped by the library; so does its own refusal of plain http.
  if (causes(error).some((e) => e instanceof OutboundRefused)) return wrap('refused');
  if (error instanceof client.ResponseBodyError) {
    return wrap(
      error.error === 'invalid_client' || error.error === 'unauthorized_client' ? 'client' : 'token',
    );
  }
  if (error instanceof client.ClientError) {
    const code = error.code ?? '';
    if (code === 'OAUTH_HTTP_REQUEST_FORBIDDEN') return wrap('refused');
    // No code: the fetch itself failed (refused connection, reset, the guard's own timeout).
    if (!code || code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT') return wrap('unreachable');
    if (stage === 'discovery') return wrap('discovery');
    // The token endpoint answered something that is not OAuth's (a 401 page, HTML): the client is wrong.
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON')
      return wrap('token');
    return wrap('id_token');
  }
  if (error instanceof client.AuthorizationResponseError) return wrap('token');
  if (error instanceof client.WWWAuthenticateChallengeError) return wrap('client');
  // Network failures (refused connection, reset, our own timeout) and anything else unexpected.
  return wrap(stage === 'discovery' ? 'unreachable' : 'token');
}

/** A discovered provider, ready for the authorization URL and the code exchange. */
export interface OidcProvider {
  readonly config: client.Configuration;
}

/** A URL the settings form accepts as an issuer: http(s), no credentials, no query or fragment. */
export function parseIssuer(issuer: string): URL | null {
  if (!URL.canParse(issuer)) return null;
  const url = new URL(issuer);
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) return null;
  return url;
}

/** Reads the provider's discovery document (<issuer>/.well-known/openid-configuration) through the guard. */
export async function discoverProvider(
  settings: OidcClientSettings,
  network: OidcNetwork,
): Promise<OidcProvider> {
  const issuer = parseIssuer(settings.issuer);
  if (!issuer) throw new OidcFailure('discovery', tr(MESSAGES.discovery));
  try {
    const config = await client.discovery(
      issuer,
      settings.clientId,
      settings.clientSecret,
      client.ClientSecretBasic(settings.clientSecret),
      {
        [client.customFetch]: guardedFetch({
          allowPrivate: network.allowPrivate,
          timeoutMs: OIDC_TIMEOUT_SECONDS * 1000 + 1000,
          maxBody: MAX_ANSWER_BYTES,
        }),
        timeout: OIDC_TIMEOUT_SECONDS,
        // Plain http is only ever let through by the guard for private addresses with SSO_ALLOW_PRIVATE.
        execute: network.allowPrivate ? [client.allowInsecureRequests] : [],
      },
    );
    // The ID token's signature is checked against the provider's keys (jwks_uri, through the guard too).
    client.enableNonRepudiationChecks(config);
    return { config };
  } catch (error) {
    throw failure('discovery', error);
  }
}

/** What a redirect to the provider must remember until it comes back (kept in identity_flows). */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL: code flow, PKCE S256, a fresh state and nonce. */
export async function authorizationRequest(
  provider: OidcProvider,
  { redirectUri, loginHint }: { redirectUri: string; loginHint?: string },
): Promise<AuthorizationRequest> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(provider.config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/** The person as the ID token says; `email` null when the provider gave none. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The name the token gives: `name`, else given and family names, else ''. */
function nameOf(claims: Record<string, unknown>): string {
  const full = text(claims.name);
  if (full) return full;
  return [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
}

/**
 * The authorization response (code, state, iss) exchanged for tokens at the provider: PKCE, the state, the
 * nonce, the issuer, the audience, the times and the signature of the ID token checked by openid-client.
 */
export async function exchangeCode(
  provider: OidcProvider,
  input: {
    redirectUri: string;
    response: { code: string; state: string; iss?: string | undefined };
    expected: { state: string; nonce: string; codeVerifier: string };
  },
): Promise<OidcIdentity> {
  const callback = new URL(input.redirectUri);
  callback.searchParams.set('code', input.response.code);
  callback.searchParams.set('state', input.response.state);
  if (input.response.iss) callback.searchParams.set('iss', input.response.iss);
  try {
    const tokens = await client.authorizationCodeGrant(provider.config, callback, {
      pkceCodeVerifier: input.expected.codeVerifier,
      expectedState: input.expected.state,
      expectedNonce: input.expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new OidcFailure('id_token', tr(MESSAGES.id_token));
    const email = text(claims.email).toLowerCase();
    return {
      subject: claims.sub,
      email: email || null,
      emailVerified: claims.email_verified === true,
      name: nameOf(claims),
    };
  } catch (error) {
    throw failure('exchange', error);
  }
}
