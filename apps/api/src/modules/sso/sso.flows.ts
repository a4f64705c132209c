import { SSO_CALLBACK_PATH, WEB_LOGIN_KEY } from '@cabinet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorizationRequest } from '../../adapters/oidc';
import type { IdentityFlow } from '../../generated/prisma/client';
import type { RequestContext } from '../../lib/context';
import { sameText, sha256 } from '../../lib/crypto';

// The state of a redirect to an organization's provider until it comes back (identity_flows; decision 0276):
// only a SHA-256 of `state` is kept, with the nonce and the PKCE verifier, for 10 minutes, used once. The
// browser that started it holds the state in an HttpOnly cookie, so an answer carried to another browser
// (someone else's code and state in a link) opens nothing there.

export const FLOW_TTL_MS = 10 * 60 * 1000;
export const STATE_COOKIE = 'cabinet_sso';
/** The cookie goes only to the sign-in calls under this path (the callback and the finish). */
const COOKIE_PATH = '/api/v1/auth/sso';

export type FlowPurpose = 'sign-in' | 'test';

/** The redirect URI registered at every provider: <PUBLIC_URL>/api/v1/auth/sso/callback. */
export const callbackUrl = (config: RequestContext['config']) => `${config.PUBLIC_URL}${SSO_CALLBACK_PATH}`;

/** Keeps a redirect's state; expired rows of SSO go at the same time (a handful a day). */
export async function saveFlow(
  ctx: RequestContext,
  request: AuthorizationRequest,
  flow: { purpose: FlowPurpose; organizationId: number; userId?: number; loginKey?: string | undefined },
): Promise<void> {
  const { prisma, now } = ctx;
  await prisma.identityFlow.deleteMany({
    where: { provider: 'sso', expiresAt: { lt: new Date(now.getTime() - FLOW_TTL_MS) } },
  });
  const desktop = flow.loginKey && flow.loginKey !== WEB_LOGIN_KEY;
  await prisma.identityFlow.create({
    data: {
      stateHash: sha256(request.state),
      provider: 'sso',
      purpose: flow.purpose,
      organizationId: flow.organizationId,
      userId: flow.userId ?? null,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      // A desktop app's sign-in screen, where its hand-off ends (the loginKey it opened it with).
      returnTo: desktop ? `/auth-app?${new URLSearchParams({ loginKey: flow.loginKey ?? '' })}` : null,
      ip: ctx.ip,
      userAgent: ctx.userAgent || null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    },
  });
}

/** A live SSO flow of `state`, not used yet (the callback reads it to know where the answer goes). */
export async function findFlow(ctx: RequestContext, state: string): Promise<IdentityFlow | null> {
  const flow = await ctx.prisma.identityFlow.findUnique({ where: { stateHash: sha256(state) } });
  if (flow?.provider !== 'sso' || flow.usedAt || flow.expiresAt <= ctx.now) return null;
  return flow;
}

/** Marks the flow used; only the one request that flips it gets it (a replayed state gets null). */
export async function claimFlow(
  ctx: RequestContext,
  state: string,
  purpose: FlowPurpose,
): Promise<IdentityFlow | null> {
  const stateHash = sha256(state);
  const claimed = await ctx.prisma.identityFlow.updateMany({
    where: { stateHash, provider: 'sso', purpose, usedAt: null, expiresAt: { gt: ctx.now } },
    data: { usedAt: ctx.now },
  });
  if (claimed.count === 0) return null;
  return ctx.prisma.identityFlow.findUnique({ where: { stateHash } });
}

/** The loginKey the flow was started with: a desktop app's, or the web's. */
export function flowLoginKey(flow: Pick<IdentityFlow, 'returnTo'>): string {
  const query = flow.returnTo?.split('?')[1] ?? '';
  return new URLSearchParams(query).get('loginKey') || WEB_LOGIN_KEY;
}

/** Set-Cookie of the state (secure when the cabinet is served over https). */
function cookie(config: RequestContext['config'], value: string, maxAgeSeconds: number): string {
  const secure = config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export const rememberState = (reply: FastifyReply, config: RequestContext['config'], state: string) =>
  reply.header('set-cookie', cookie(config, state, FLOW_TTL_MS / 1000));

export const forgetState = (reply: FastifyReply, config: RequestContext['config']) =>
  reply.header('set-cookie', cookie(config, '', 0));

/** The state this browser holds, if any. */
export function heldState(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** Whether this browser started the flow of `state`. */
export const sameBrowser = (held: string | null, state: string) => held !== null && sameText(held, state);

/** The cabinet's SSO landing page, with the answer (or the refusal) in the fragment, never sent to a server. */
export function landingUrl(
  config: RequestContext['config'],
  flow: Pick<IdentityFlow, 'returnTo'> | null,
  fragment: Record<string, string>,
): string {
  const query = flow?.returnTo?.split('?')[1];
  return `${config.PUBLIC_URL}/app/auth-app/sso${query ? `?${query}` : ''}#${new URLSearchParams(fragment)}`;
}

/** The organization's page, where 'Проверить подключение' was pressed, with the test's outcome. */
export const settingsUrl = (
  config: RequestContext['config'],
  organizationId: number,
  fragment: Record<string, string>,
) =>
  `${config.PUBLIC_URL}/app/dashboard/organizations/${organizationId}/collaborators#${new URLSearchParams(fragment)}`;
