import type { LoginResult, SsoDiscovery } from '@cabinet/contracts';
import { authorizationRequest, exchangeCode, OidcFailure } from '../../adapters/oidc';
import { badRequest, forbidden } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { completeSignIn, countedSignIn, type SignInRulesContext } from '../auth/sign-in';
import { planInForce } from '../organizations/plan-limits';
import { emailDomain, inVerifiedDomain } from './enforcement';
import { activeConnection, logFailure, openProvider, providerError } from './sso.connection';
import { callbackUrl, claimFlow, flowLoginKey, landingUrl, sameBrowser, saveFlow } from './sso.flows';
import { admitMember, tokenAddress } from './sso.members';

// Sign-in through an organization's provider (issue 30; decisions 0276, 0277, 0279): the sign-in screen asks
// whether an address has one (discover), the browser goes there (start) and comes back (callback, which
// hands the answer to the landing page in the URL's fragment), and the landing page finishes it (finish).

/** The sign-in screen's question: the SSO of the organization holding the address's verified domain. */
export async function discoverSso(ctx: RequestContext, email: string): Promise<SsoDiscovery | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const found = await ctx.prisma.organizationDomain.findFirst({
    where: { domain, verifiedAt: { not: null }, organization: { ssoConnection: { enabled: true } } },
    select: {
      organization: {
        select: {
          id: true,
          name: true,
          ownerId: true,
          ssoConnection: { select: { displayName: true, enforce: true } },
        },
      },
    },
  });
  const organization = found?.organization;
  if (!organization?.ssoConnection) return null;
  // Settings of an organization whose plan lost SSO stay but do nothing.
  if (!(await planInForce(ctx.prisma, organization.ownerId, ctx)).sso) return null;
  return {
    name: organization.ssoConnection.displayName || organization.name,
    url: `/api/v1/auth/sso/start?organization_id=${organization.id}`,
    only_sso: organization.ssoConnection.enforce,
  };
}

/**
 * GET /auth/sso/start: the provider's authorization URL for this browser (its state remembered in the
 * flow and in the browser's cookie), or the landing page saying why not.
 */
export async function startSsoSignIn(
  ctx: RequestContext,
  { organizationId, loginKey }: { organizationId: number; loginKey?: string | undefined },
): Promise<{ redirect: string; state?: string }> {
  const connection = await activeConnection(ctx, organizationId);
  if (!connection) return { redirect: landingUrl(ctx.config, null, { error: 'unavailable' }) };
  try {
    const provider = await openProvider(ctx, connection);
    const request = await authorizationRequest(provider, { redirectUri: callbackUrl(ctx.config) });
    await saveFlow(ctx, request, { purpose: 'sign-in', organizationId, loginKey });
    return { redirect: request.url, state: request.state };
  } catch (error) {
    if (!(error instanceof OidcFailure)) throw error;
    logFailure(ctx, error);
    return { redirect: landingUrl(ctx.config, null, { error: 'provider' }) };
  }
}

export const EXPIRED_MESSAGE = trId('Вход устарел или уже выполнен. Начните вход заново');
const OTHER_BROWSER_MESSAGE = trId(
  'Вход начат в другом браузере или окне: начните вход заново там, где хотите войти',
);
const SSO_OFF_MESSAGE = trId('Единый вход этой организации сейчас выключен. Войдите по коду из письма');
const NO_EMAIL_MESSAGE = trId(
  'Поставщик входа не сообщил адрес эл. почты. Обратитесь к администратору вашей организации',
);
const outsideDomains = (email: string) =>
  tr('Адрес {email} не входит в подтверждённые домены организации: войти с ним через её единый вход нельзя', {
    email,
  });

/**
 * POST /auth/sso/finish: the provider's answer exchanged and checked (state against this browser's cookie and
 * the flow, PKCE, nonce, the ID token), the address checked against the organization's verified domains,
 * the member admitted, then the sign-in's common end (completeSignIn, proof 'sso'). Nothing is written on a
 * refusal; a flow is used once.
 */
export async function finishSsoSignIn(
  ctx: SignInRulesContext,
  {
    response,
    heldState,
  }: { response: { code: string; state: string; iss?: string | undefined }; heldState: string | null },
): Promise<LoginResult> {
  if (!sameBrowser(heldState, response.state)) throw badRequest(tr(OTHER_BROWSER_MESSAGE));
  const flow = await claimFlow(ctx, response.state, 'sign-in');
  if (!flow?.organizationId || !flow.nonce || !flow.codeVerifier) throw badRequest(tr(EXPIRED_MESSAGE));
  const { organizationId, nonce, codeVerifier } = flow;
  const loginKey = flowLoginKey(flow);
  return countedSignIn('sso', loginKey, async () => {
    const connection = await activeConnection(ctx, organizationId);
    if (!connection) throw forbidden(tr(SSO_OFF_MESSAGE));
    let identity: Awaited<ReturnType<typeof exchangeCode>>;
    try {
      const provider = await openProvider(ctx, connection);
      identity = await exchangeCode(provider, {
        redirectUri: callbackUrl(ctx.config),
        response,
        expected: { state: response.state, nonce, codeVerifier },
      });
    } catch (error) {
      if (error instanceof OidcFailure) throw providerError(ctx, error);
      throw error;
    }
    // The organization's provider is trusted for its verified domains only, email_verified or not.
    const email = tokenAddress(identity);
    if (!email) throw forbidden(tr(NO_EMAIL_MESSAGE));
    if (!(await inVerifiedDomain(ctx.prisma, organizationId, email))) throw forbidden(outsideDomains(email));
    const userId = await admitMember(ctx, { connection, identity, email });
    return completeSignIn(ctx, { account: { id: userId }, loginKey, proof: 'sso' });
  });
}
