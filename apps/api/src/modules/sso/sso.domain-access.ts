import { USER_TYPE_ADMIN } from '@cabinet/contracts';
import type { Tx } from '../../plugins/db/database';

// Turning 'Только через SSO' on (issue 30, decision 0278): the accounts of the organization's verified
// domains keep only what came through its SSO. Their other sessions end (code, passkey, Yandex ID, desktop
// hand-offs, device grants' tokens) and their personal access tokens are revoked; the organization's owner
// and site admins keep theirs, as they keep every way in.

export interface EndedAccess {
  sessions: number;
  tokens: number;
}

/** Ends the non-SSO sessions and the personal tokens of the accounts of the verified domains. */
export async function endDomainAccess(tx: Tx, organizationId: number, ownerId: number): Promise<EndedAccess> {
  const domains = await tx.organizationDomain.findMany({
    where: { organizationId, verifiedAt: { not: null } },
    select: { domain: true },
  });
  if (domains.length === 0) return { sessions: 0, tokens: 0 };
  const accounts = {
    OR: domains.map(({ domain }) => ({ email: { endsWith: `@${domain}`, mode: 'insensitive' as const } })),
    id: { not: ownerId },
    typeId: { not: USER_TYPE_ADMIN },
  };
  const sessions = await tx.session.deleteMany({
    // A session opened before issue 30 has no method: it was not SSO either.
    where: { user: accounts, OR: [{ method: null }, { method: { not: 'sso' } }] },
  });
  const tokens = await tx.personalAccessToken.deleteMany({ where: { user: accounts } });
  return { sessions: sessions.count, tokens: tokens.count };
}
