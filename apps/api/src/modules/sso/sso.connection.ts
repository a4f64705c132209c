import { SSO_MESSAGES } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { discoverProvider, type OidcFailure, type OidcProvider } from '../../adapters/oidc';
import type { SsoConnection } from '../../generated/prisma/client';
import { AppError, badGateway, badRequest, conflict } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { openSecret } from '../../lib/secret-box';
import { ssoAvailable } from './enforcement';

// An organization's connection as the sign-in and the test use it: the secret opened with SECRETS_KEY, the
// provider discovered through the address guard (decision 0275), and the provider's failures as AppErrors.

/** SECRETS_KEY, or a clear refusal when the operator has not set it (decision 0274). */
export function secretsKey(config: RequestContext['config']): string {
  const key = config.SECRETS_KEY;
  if (!key) throw conflict(text(SSO_MESSAGES.noSecretsKey));
  return key;
}

const SECRET_UNREADABLE = trId(
  'Секрет клиента не читается: SECRETS_KEY сервера сменился. Сохраните секрет клиента заново',
);

/** A discovered provider, kept a while so that each sign-in does not read the discovery document again. */
const cache = new Map<string, { provider: OidcProvider; until: number }>();
const CACHE_MS = 10 * 60 * 1000;
const CACHE_SIZE = 200;

/**
 * The connection's provider, discovered (cached for 10 minutes unless `fresh`: 'Проверить подключение'
 * always reads it anew). The cache key holds the sealed secret, so a saved change is never served stale.
 */
export async function openProvider(
  ctx: RequestContext,
  connection: SsoConnection,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<OidcProvider> {
  const key = `${connection.issuer}\n${connection.clientId}\n${connection.clientSecretSealed}`;
  const cached = cache.get(key);
  if (!fresh && cached && cached.until > Date.now()) return cached.provider;
  let clientSecret: string;
  try {
    clientSecret = openSecret(secretsKey(ctx.config), connection.clientSecretSealed);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw conflict(tr(SECRET_UNREADABLE));
  }
  const provider = await discoverProvider(
    { issuer: connection.issuer, clientId: connection.clientId, clientSecret },
    { allowPrivate: ctx.config.SSO_ALLOW_PRIVATE },
  );
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(key, { provider, until: Date.now() + CACHE_MS });
  return provider;
}

/** The organization's connection when it signs people in now: enabled, and the owner's plan has SSO. */
export async function activeConnection(ctx: RequestContext, organizationId: number) {
  const connection = await ctx.prisma.ssoConnection.findUnique({ where: { organizationId } });
  if (!connection?.enabled) return null;
  if (!(await ssoAvailable(ctx.prisma, organizationId, ctx))) return null;
  return connection;
}

/** The library's own words, for the operator's log only. */
export function logFailure(ctx: RequestContext, failure: OidcFailure): void {
  ctx.log.warn({ err: failure.cause, kind: failure.kind }, 'SSO provider call failed');
}

/**
 * A provider's failure as the answer of a call: the issuer itself is wrong (refused, no discovery document)
 * on the issuer field; the provider did not answer, 502; its answer to the sign-in did not hold, 400.
 */
export function providerError(ctx: RequestContext, failure: OidcFailure): AppError {
  logFailure(ctx, failure);
  switch (failure.kind) {
    case 'refused':
    case 'discovery':
      return badRequest(failure.message, { issuer: [failure.message] });
    case 'unreachable':
    case 'client':
      return badGateway(failure.message);
    default:
      return badRequest(failure.message);
  }
}
