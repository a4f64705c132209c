import type { Env } from '../env';
import { type AppError, badGateway, badRequest } from '../lib/app-error';
import { tr, trId } from '../lib/i18n';

// Yandex ID (yandex.ru/dev/id/doc): the one module that speaks its protocol (decision 0282). The OAuth 2.0
// authorization code flow at YANDEX_OAUTH_URL (/authorize; /token with client_id and client_secret, PKCE
// S256) and the user-info call GET YANDEX_LOGIN_URL/info?format=json with `Authorization: OAuth <token>`.
// Plain fetch with a timeout: Yandex ID is not OpenID Connect here (no discovery, no ID token, its own
// 'OAuth' scheme), so openid-client's checks would add nothing. Every failure becomes an AppError with a
// Russian message; Yandex's own words only reach the log.

/** Asked at /authorize: the address and the name (login:email, login:info), nothing else. */
export const YANDEX_SCOPES = 'login:email login:info';
const TIMEOUT_MS = 10_000;

export interface YandexIdConfig {
  clientId: string;
  clientSecret: string;
  /** https://oauth.yandex.ru unless YANDEX_OAUTH_URL says otherwise (tests), no trailing slash. */
  oauthUrl: string;
  /** https://login.yandex.ru unless YANDEX_LOGIN_URL says otherwise. */
  loginUrl: string;
  timeoutMs?: number;
}

/** Yandex ID's settings, or null when YANDEX_CLIENT_ID and YANDEX_CLIENT_SECRET are not both set. */
export function yandexIdConfig(
  env: Pick<Env, 'YANDEX_CLIENT_ID' | 'YANDEX_CLIENT_SECRET' | 'YANDEX_OAUTH_URL' | 'YANDEX_LOGIN_URL'>,
): YandexIdConfig | null {
  if (!env.YANDEX_CLIENT_ID || !env.YANDEX_CLIENT_SECRET) return null;
  return {
    clientId: env.YANDEX_CLIENT_ID,
    clientSecret: env.YANDEX_CLIENT_SECRET,
    oauthUrl: env.YANDEX_OAUTH_URL,
    loginUrl: env.YANDEX_LOGIN_URL,
  };
}

/** The person at Yandex, as the cabinet uses them. */
export interface YandexUser {
  /** Yandex's stable id of the account (a string of digits). */
  id: string;
  /** default_email, lower case; null when the account has none (or none that looks like an address). */
  email: string | null;
  /** real_name, else first and last name, else display_name; '' when Yandex gives none. */
  name: string;
}

interface Logger {
  warn(object: object, message: string): void;
}

export const YANDEX_UNAVAILABLE = trId('Яндекс ID не отвечает, попробуйте войти позже');
export const YANDEX_REFUSED = trId('Яндекс ID не подтвердил вход: начните вход заново');
export const YANDEX_MISCONFIGURED = trId('Вход через Яндекс ID настроен неверно: сообщите администратору');

/** The page at Yandex where the person signs in and allows the cabinet their address and name. */
export function authorizationUrl(
  config: YandexIdConfig,
  { redirectUri, state, codeChallenge }: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(`${config.oauthUrl}/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: YANDEX_SCOPES,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

type Json = Record<string, unknown>;

/** One call to Yandex: its status and JSON body (null when it is not JSON), or 502 for no answer. */
async function call(
  config: YandexIdConfig,
  log: Logger,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: Json | null }> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (err) {
    log.warn({ err, url }, 'Yandex ID did not answer');
    throw badGateway(tr(YANDEX_UNAVAILABLE));
  }
  const text = await response.text().catch(() => '');
  let body: Json | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Json;
  } catch {}
  return { status: response.status, body };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A refusal of /token or /info as an AppError: the person can start again, or the operator must act. */
function refusal(log: Logger, step: string, status: number, body: Json | null): AppError {
  const error = text(body?.error);
  log.warn({ step, status, error, description: text(body?.error_description) }, 'Yandex ID refused');
  if (status >= 500 || (status !== 401 && !body)) return badGateway(tr(YANDEX_UNAVAILABLE));
  if (error === 'invalid_client' || error === 'unauthorized_client')
    return badGateway(tr(YANDEX_MISCONFIGURED));
  return badRequest(tr(YANDEX_REFUSED));
}

/** Trades the code Yandex sent back (with the PKCE verifier) for an access token. */
export async function exchangeCode(
  config: YandexIdConfig,
  log: Logger,
  { code, codeVerifier }: { code: string; codeVerifier: string },
): Promise<string> {
  const { status, body } = await call(config, log, `${config.oauthUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: config.clientId,
      client_secret: config.clientSecret,
      code_verifier: codeVerifier,
    }).toString(),
  });
  const token = text(body?.access_token);
  if (status !== 200 || !token) throw refusal(log, 'token', status, body);
  return token;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The account behind the token: GET /info?format=json. */
export async function fetchUser(
  config: YandexIdConfig,
  log: Logger,
  accessToken: string,
): Promise<YandexUser> {
  const { status, body } = await call(config, log, `${config.loginUrl}/info?format=json`, {
    headers: { authorization: `OAuth ${accessToken}`, accept: 'application/json' },
  });
  if (status !== 200 || !body) throw refusal(log, 'info', status, body);
  const id = typeof body.id === 'number' ? String(body.id) : text(body.id);
  // A token issued to another application is not a sign-in to this one.
  const clientId = text(body.client_id);
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(id) || (clientId && clientId !== config.clientId)) {
    log.warn(
      { step: 'info', hasId: Boolean(id), otherClient: Boolean(clientId) },
      'Yandex ID answer refused',
    );
    throw badGateway(tr(YANDEX_UNAVAILABLE));
  }
  const email = text(body.default_email).toLowerCase();
  const fullName = [text(body.first_name), text(body.last_name)].filter(Boolean).join(' ');
  return {
    id,
    email: email.length <= 254 && EMAIL.test(email) ? email : null,
    name: text(body.real_name) || fullName || text(body.display_name),
  };
}
