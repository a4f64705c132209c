import type { IdentityFlow } from '../../generated/prisma/client';
import { badRequest } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { newOpaqueToken, sha256 } from '../../lib/crypto';
import { tr, trId } from '../../lib/i18n';
import { transactionalJob } from '../../lib/jobs';

// A redirect to an outside provider and back (issue 30; decision 0283): an identity_flows row made when
// the browser leaves, found by the SHA-256 of its `state` when the provider sends the browser back, used
// once, 10 minutes at most. The state itself is also the browser's flow cookie (./redirect-landing.ts), so
// a callback link made in one browser does nothing in another.

export const FLOW_TTL_MS = 10 * 60 * 1000;

export type FlowProvider = 'sso' | 'yandex';
/** 'sign-in'; 'test' (an SSO connection check; signs nobody in); 'link' (to the signed-in starter). */
export type FlowPurpose = 'sign-in' | 'test' | 'link';

export interface FlowStart {
  provider: FlowProvider;
  purpose: FlowPurpose;
  organizationId?: number | null;
  /** The signed-in person who started a 'test' or a 'link'. */
  userId?: number | null;
  nonce?: string | null;
  /** PKCE's code_verifier, sent with the code at the token call. */
  codeVerifier?: string | null;
}

/** The answer to a callback whose flow is unknown, used, expired or of another provider. */
export const FLOW_STALE = trId('Вход устарел или уже завершён: начните его заново');

/** A state, a landing code: 32 random bytes, base64url (43 characters). */
export const OPAQUE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** Makes the flow's row; returns its state (only its hash is kept). */
export async function startFlow(ctx: RequestContext, flow: FlowStart): Promise<string> {
  const state = newOpaqueToken();
  await ctx.prisma.identityFlow.create({
    data: {
      stateHash: sha256(state),
      provider: flow.provider,
      purpose: flow.purpose,
      organizationId: flow.organizationId ?? null,
      userId: flow.userId ?? null,
      nonce: flow.nonce ?? null,
      codeVerifier: flow.codeVerifier ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent.slice(0, 512),
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + FLOW_TTL_MS),
    },
  });
  return state;
}

/**
 * The flow a callback's state names, used up now whatever follows (a failed token call included), so a
 * state is never accepted twice. Unknown, used, expired or another provider's: 400 FLOW_STALE.
 */
export async function takeFlow(
  ctx: RequestContext,
  { state, provider }: { state: string; provider: FlowProvider },
): Promise<IdentityFlow> {
  if (!OPAQUE_VALUE.test(state)) throw badRequest(tr(FLOW_STALE));
  const where = {
    stateHash: sha256(state),
    provider,
    purpose: { not: 'landing' },
    usedAt: null,
    expiresAt: { gt: ctx.now },
  };
  const { count } = await ctx.prisma.identityFlow.updateMany({ where, data: { usedAt: ctx.now } });
  if (count === 0) throw badRequest(tr(FLOW_STALE));
  return ctx.prisma.identityFlow.findUniqueOrThrow({ where: { stateHash: where.stateHash } });
}

/** Hourly: expired flows and landings, used or not (an expired one is refused either way). */
export const pruneIdentityFlowsJob = transactionalJob(
  'prune-identity-flows',
  '25 * * * *',
  async (tx, now) => (await tx.identityFlow.deleteMany({ where: { expiresAt: { lte: now } } })).count,
);
