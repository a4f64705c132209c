import type { SsoTestOutcome } from '@cabinet/contracts';
import { exchangeCode, OidcFailure } from '../../adapters/oidc';
import type { IdentityFlow } from '../../generated/prisma/client';
import { recordAudit } from '../../lib/audit';
import type { RequestContext } from '../../lib/context';
import { transaction } from '../../plugins/db/database';
import { inVerifiedDomain } from './enforcement';
import { logFailure, openProvider } from './sso.connection';
import { callbackUrl, claimFlow, findFlow, landingUrl, sameBrowser, settingsUrl } from './sso.flows';
import { tokenAddress } from './sso.members';

// GET /auth/sso/callback, the redirect URI registered at every provider (issue 30; decision 0276). A sign-in's
// answer goes on to the cabinet's landing page in the URL's fragment (never to a server's log there), where
// the page finishes it with this browser's cookie. A connection test is finished here: it records tested_at,
// signs nobody in, and lands on the organization's page with its outcome.

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  iss?: string | undefined;
  error?: string | undefined;
}

/** Where the browser goes next. */
export async function ssoCallback(
  ctx: RequestContext,
  query: CallbackQuery,
  heldState: string | null,
): Promise<string> {
  const state = query.state ?? '';
  const flow = state ? await findFlow(ctx, state) : null;
  if (!flow) return landingUrl(ctx.config, null, { error: 'expired' });
  if (flow.purpose === 'test') return finishTest(ctx, flow, query, heldState);
  if (query.error || !query.code) {
    // The person cancelled at the provider, or it refused: the flow is spent.
    await claimFlow(ctx, state, 'sign-in');
    return landingUrl(ctx.config, flow, { error: query.error === 'access_denied' ? 'denied' : 'provider' });
  }
  return landingUrl(ctx.config, flow, {
    code: query.code,
    state,
    ...(query.iss ? { iss: query.iss } : {}),
  });
}

/** The end of 'Проверить подключение': tested_at on success; the organization's page says the outcome. */
async function finishTest(
  ctx: RequestContext,
  found: IdentityFlow,
  query: CallbackQuery,
  heldState: string | null,
): Promise<string> {
  const organizationId = found.organizationId ?? 0;
  const outcome = (result: SsoTestOutcome, extra: Record<string, string> = {}) =>
    settingsUrl(ctx.config, organizationId, { sso_test: result, ...extra });
  const state = query.state ?? '';
  if (!sameBrowser(heldState, state)) return outcome('expired');
  const flow = await claimFlow(ctx, state, 'test');
  if (!flow?.nonce || !flow.codeVerifier) return outcome('expired');
  if (query.error || !query.code) return outcome(query.error === 'access_denied' ? 'denied' : 'token');
  const connection = await ctx.prisma.ssoConnection.findUnique({ where: { organizationId } });
  if (!connection) return outcome('expired');
  let email: string | null;
  try {
    const provider = await openProvider(ctx, connection, { fresh: true });
    const identity = await exchangeCode(provider, {
      redirectUri: callbackUrl(ctx.config),
      response: { code: query.code, state, iss: query.iss },
      expected: { state, nonce: flow.nonce, codeVerifier: flow.codeVerifier },
    });
    email = tokenAddress(identity);
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    logFailure(ctx, error);
    return outcome(error.kind);
  }
  // Sign-ins read the address from the token: without one, none could succeed.
  if (!email) return outcome('no_email');
  const inDomain = await inVerifiedDomain(ctx.prisma, organizationId, email);
  await transaction(ctx.prisma, async (tx) => {
    // Only for the issuer and client it tested: a change saved meanwhile wants a test of its own.
    await tx.ssoConnection.updateMany({
      where: { organizationId, issuer: connection.issuer, clientId: connection.clientId },
      data: { testedAt: ctx.now },
    });
    await recordAudit(tx, ctx, {
      action: 'sso.tested',
      actorId: flow.userId ?? 'system',
      targetId: organizationId,
      organizationId,
      details: { email, in_verified_domain: inDomain },
    });
  });
  return outcome('ok', { in_domain: inDomain ? '1' : '0' });
}
