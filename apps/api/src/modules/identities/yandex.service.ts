import {
  authorizationUrl,
  exchangeCode,
  fetchUser,
  YANDEX_REFUSED,
  type YandexIdConfig,
} from '../../adapters/yandex-id';
import type { Env } from '../../env';
import type { IdentityFlow } from '../../generated/prisma/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { RequestContext, SignedInContext } from '../../lib/context';
import { newOpaqueToken, sha256 } from '../../lib/crypto';
import { tr, trId } from '../../lib/i18n';
import { FLOW_STALE, type FlowPurpose, startFlow, takeFlow } from '../auth/identity-flows';
import { issueLanding, OTHER_BROWSER, sameBrowser } from '../auth/redirect-landing';
import { actorAccount, refuseUnlessSsoAllowed } from '../sso/enforcement';
import { linkYandexAccount, refuseSecondLink, settleYandexAccount } from './yandex-accounts';

// Sign-in with Yandex ID and 'Привязать Яндекс ID' (issue 30; decisions 0282–0285): the authorization code
// flow with state (one identity_flows row, 10 minutes, one use, bound to the browser by its cookie) and
// PKCE; then the user-info call; then the account (./yandex-accounts.ts) and the landing into the web.

export const YANDEX_NOT_CONFIGURED = trId('Вход через Яндекс ID не настроен');
export const YANDEX_CANCELLED = trId('Вход через Яндекс ID отменён');
export const YANDEX_CALLBACK_PATH = '/api/v1/auth/yandex/callback';

/** The redirect URI operators register at oauth.yandex.ru. */
export const yandexCallbackUrl = (config: Pick<Env, 'PUBLIC_URL'>) =>
  `${config.PUBLIC_URL}${YANDEX_CALLBACK_PATH}`;

/** Yandex ID's settings, or 404 when the installation has none (YANDEX_CLIENT_ID and _SECRET unset). */
export function requireYandex(yandex: YandexIdConfig | null): YandexIdConfig {
  if (!yandex) throw notFound(tr(YANDEX_NOT_CONFIGURED));
  return yandex;
}

/** A new flow and Yandex's authorization URL for it; the state goes into the browser's flow cookie. */
async function start(
  ctx: RequestContext,
  yandex: YandexIdConfig,
  flow: { purpose: FlowPurpose; userId?: number },
): Promise<{ url: string; state: string }> {
  const codeVerifier = newOpaqueToken();
  const state = await startFlow(ctx, { provider: 'yandex', ...flow, codeVerifier });
  const url = authorizationUrl(yandex, {
    redirectUri: yandexCallbackUrl(ctx.config),
    state,
    codeChallenge: Buffer.from(sha256(codeVerifier)).toString('base64url'),
  });
  return { url, state };
}

/** GET /auth/yandex/start: 'Войти с Яндекс ID'. */
export const startYandexSignIn = (ctx: RequestContext, yandex: YandexIdConfig | null) =>
  start(ctx, requireYandex(yandex), { purpose: 'sign-in' });

/**
 * POST /profile/identities/yandex: 'Привязать Яндекс ID' for the signed-in caller. Refused at once where the
 * callback would refuse: another Yandex ID linked already, or 'Только через SSO'.
 */
export async function startYandexLink(ctx: SignedInContext, yandex: YandexIdConfig | null) {
  const config = requireYandex(yandex);
  await refuseUnlessSsoAllowed(ctx.prisma, ctx, actorAccount(ctx.actor));
  await refuseSecondLink(ctx.prisma, ctx.actor.userId);
  return start(ctx, config, { purpose: 'link', userId: ctx.actor.userId });
}

export interface CallbackInput {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * The flow a callback belongs to: its state, once, from the browser that started it (the flow cookie).
 * Anything else is refused before Yandex is asked anything.
 */
export async function takeYandexFlow(
  ctx: RequestContext,
  { state }: CallbackInput,
  cookieHeader: string | undefined,
): Promise<IdentityFlow> {
  const flow = await takeFlow(ctx, { state: state ?? '', provider: 'yandex' });
  if (!sameBrowser(cookieHeader, state ?? '')) throw badRequest(tr(OTHER_BROWSER));
  return flow;
}

export type YandexOutcome = { kind: 'signed-in'; landingCode: string } | { kind: 'linked' };

/**
 * The rest of the callback: Yandex's answer (a refusal, or a code for the token and the user info), then the
 * account: linked to the starter ('link'), or settled and handed to the web by a landing ('sign-in').
 */
export async function finishYandex(
  ctx: RequestContext,
  yandex: YandexIdConfig,
  flow: IdentityFlow,
  { code, state, error }: CallbackInput,
): Promise<YandexOutcome> {
  if (error) throw badRequest(error === 'access_denied' ? tr(YANDEX_CANCELLED) : tr(YANDEX_REFUSED));
  if (!code || code.length > 512 || !flow.codeVerifier || !state) throw badRequest(tr(YANDEX_REFUSED));
  const token = await exchangeCode(yandex, ctx.log, { code, codeVerifier: flow.codeVerifier });
  const person = await fetchUser(yandex, ctx.log, token);
  if (flow.purpose === 'link') {
    await linkYandexAccount(ctx, flow.userId, person);
    return { kind: 'linked' };
  }
  if (flow.purpose !== 'sign-in') throw badRequest(tr(FLOW_STALE));
  const { userId, vouchedEmail } = await settleYandexAccount(ctx, person);
  const landingCode = await issueLanding(ctx.prisma, ctx, {
    provider: 'yandex',
    userId,
    binding: state,
    vouchedEmail,
  });
  return { kind: 'signed-in', landingCode };
}
