import { createHmac } from 'node:crypto';
import { SCIM_TOKEN_PREFIX } from '@cabinet/contracts';
import { randomBase62 } from '../../lib/access-tokens';
import type { Bytes } from '../../lib/crypto';
import type { Db } from '../../plugins/db/database';

// An organization's SCIM token (issue 30, decision 0287): `cab_scim_` and 40 base62 characters (238 bits).
// As for personal access tokens (decision 0215), only an HMAC-SHA256 under the sign-in code secret is kept,
// with its own label, so a database dump neither gives a token away nor lets anyone test a guess offline.

/** last_used_at is written at most this often, so a provider's burst of reads stays reads. */
const TOUCH_EVERY_MS = 60 * 1000;
/** What settings show of a token: the prefix and four characters. */
export const SCIM_TOKEN_SHOWN_CHARS = SCIM_TOKEN_PREFIX.length + 4;

export const newScimToken = (): string => SCIM_TOKEN_PREFIX + randomBase62();

const SCIM_TOKEN_PATTERN = /^cab_scim_[0-9A-Za-z]{40}$/;

export const hashScimToken = (secret: string, token: string): Bytes =>
  Uint8Array.from(createHmac('sha256', secret).update(`scim:${token}`).digest());

/**
 * The organization whose token this is, or null for anything else (malformed, replaced, never made). One
 * lookup by the unique hash; the last use is written by a conditional UPDATE at most once a minute.
 */
export async function findScimTokenOrganization(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<number | null> {
  if (!SCIM_TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashScimToken(secret, token);
  const row = await db.scimToken.findUnique({
    where: { tokenHash },
    select: { organizationId: true, lastUsedAt: true },
  });
  if (!row) return null;
  const touchBefore = new Date(now.getTime() - TOUCH_EVERY_MS);
  if (!row.lastUsedAt || row.lastUsedAt < touchBefore) {
    await db.scimToken.updateMany({
      where: { tokenHash, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: touchBefore } }] },
      data: { lastUsedAt: now },
    });
  }
  return row.organizationId;
}
