import { createHmac, randomInt } from 'node:crypto';
import { PERSONAL_TOKEN_PREFIX, type TokenScope } from '@cabinet/contracts';
import type { Locale } from '@cabinet/contracts/i18n';
import { Prisma as PrismaSql } from '../generated/prisma/client';
import type { Database } from '../plugins/db/database';
import type { Actor } from './context';
import type { Bytes } from './crypto';
import { at } from './json-sql';
import { readRows } from './sql';

// Personal access tokens (issue 29, decision 0215): `cab_pat_` and 40 base62 characters (238 bits). Only an
// HMAC-SHA256 under the sign-in code secret is stored, so a database dump neither gives tokens away nor lets
// anyone check a guess offline. One indexed statement finds the token and its account on every request.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_CHARS = 40;
/** last_used_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;
/** What the list shows of a token: the prefix and four characters. */
export const TOKEN_SHOWN_CHARS = PERSONAL_TOKEN_PREFIX.length + 4;

/** `length` base62 characters from a CSPRNG (personal tokens, and SCIM tokens of issue 30). */
export function randomBase62(length = TOKEN_CHARS): string {
  let body = '';
  for (let i = 0; i < length; i++) body += BASE62[randomInt(0, BASE62.length)];
  return body;
}

export const newPersonalToken = (): string => PERSONAL_TOKEN_PREFIX + randomBase62();

export const isPersonalToken = (token: string) =>
  token.startsWith(PERSONAL_TOKEN_PREFIX) && /^cab_pat_[0-9A-Za-z]{32,200}$/.test(token);

export const hashPersonalToken = (secret: string, token: string): Bytes =>
  Uint8Array.from(createHmac('sha256', secret).update(`pat:${token}`).digest());

interface TokenRow {
  id: number;
  user_id: number;
  email: string;
  locale: Locale;
  scopes: string[];
  blocked: boolean;
  expired: boolean;
  stale: boolean;
}

/**
 * The token's account as a limited caller, or null when the token is unknown (never made, or revoked:
 * revoking deletes the row), expired, or its account is blocked. Never an admin, whatever the account is.
 */
export async function findTokenUser(
  db: Database,
  secret: string,
  token: string,
  { now, ip }: { now: Date; ip: string },
): Promise<Actor | null> {
  const touchBefore = new Date(now.getTime() - TOUCH_EVERY_MS);
  const [row] = await readRows<TokenRow>(
    db.pool,
    PrismaSql.sql`
    SELECT t.id, t.user_id, u.email, u.locale, t.scopes, u.blocked_at IS NOT NULL AS blocked,
      (t.expires_at IS NOT NULL AND t.expires_at <= ${at(now)}) AS expired,
      (t.last_used_at IS NULL OR t.last_used_at < ${at(touchBefore)}) AS stale
    FROM personal_access_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ${hashPersonalToken(secret, token)}`,
  );
  if (!row || row.blocked || row.expired) return null;
  if (row.stale) {
    // Conditional, so processes serving the same token at once write it once.
    await db.prisma
      .$executeRaw`UPDATE personal_access_tokens SET last_used_at = ${at(now)}, last_used_ip = ${ip}
      WHERE id = ${row.id} AND (last_used_at IS NULL OR last_used_at < ${at(touchBefore)})`;
  }
  return {
    sessionId: 0,
    userId: row.user_id,
    email: row.email,
    locale: row.locale,
    isAdmin: false,
    token: { kind: 'personal', id: row.id, scopes: row.scopes as TokenScope[] },
  };
}
