import type { Prisma } from '../plugins/db/database';
import { openSecret } from './secret-box';

// The server's start refuses a SECRETS_KEY that cannot do its work (decision 0253): sealed secrets exist
// (webhook endpoints, SSO connections) and the key is unset, or it no longer opens them (it was changed
// without re-sealing). Found at start, this is one clear line for the operator, instead of every delivery
// and every SSO sign-in failing one by one later.

/** The first sealed value of each table that keeps them. */
async function sealedSamples(prisma: Prisma): Promise<{ what: string; sealed: string }[]> {
  const [endpoint, connection] = await Promise.all([
    prisma.webhookEndpoint.findFirst({ select: { secret: true }, orderBy: { id: 'asc' } }),
    prisma.ssoConnection.findFirst({
      select: { clientSecretSealed: true },
      orderBy: { organizationId: 'asc' },
    }),
  ]);
  return [
    ...(endpoint ? [{ what: 'webhook endpoints', sealed: endpoint.secret }] : []),
    ...(connection ? [{ what: 'SSO connections', sealed: connection.clientSecretSealed }] : []),
  ];
}

/** Why the server must not start with this SECRETS_KEY, or null when it may. */
export async function secretsKeyProblem(
  prisma: Prisma,
  secretsKey: string | undefined,
): Promise<string | null> {
  const samples = await sealedSamples(prisma);
  if (!samples.length) return null;
  const kinds = samples.map((s) => s.what).join(' and ');
  if (!secretsKey)
    return `SECRETS_KEY is not set, but ${kinds} keep secrets sealed with it: set the key they were sealed with`;
  for (const { what, sealed } of samples) {
    try {
      openSecret(secretsKey, sealed);
    } catch {
      return `SECRETS_KEY does not open the secrets of ${what}: it is not the key they were sealed with (set that key back, or remove them and add them again)`;
    }
  }
  return null;
}
