import { type TokenScope, USER_TYPE_ADMIN } from '@cabinet/contracts';
import type { Locale } from '@cabinet/contracts/i18n';
import { Prisma as PrismaSql } from '../generated/prisma/client';
import type { Database, Db } from '../plugins/db/database';
import { type ClientDevice, describeDevice } from './client-device';
import type { Actor } from './context';
import { newSessionToken, sha256 } from './crypto';
import { at } from './json-sql';
import { readRows } from './sql';

/** Sessions end 30 days after last use, and 180 days after sign-in at the latest. */
export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_MAX_MS = 180 * 24 * 3600 * 1000;
/** last_used_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

/** A session's account, as every call sees its caller. */
export type SessionUser = Actor;

/** How a session was opened (sessions.method, issue 30); 'Только через SSO' ends those that are not 'sso'. */
export type SignInMethod = 'code' | 'passkey' | 'desktop' | 'device' | 'sso' | 'yandex';

/** Where a session is opened from: the client, whether it is a desktop app's sealed hand-off, and how. */
export interface SessionOrigin extends ClientDevice {
  isDesktop: boolean;
  method?: SignInMethod;
}

/**
 * Opens a session and returns its token; `grant` makes it a device grant's token (decision 0222). `origin` is kept with it as of the sign-in, the device words
 * worked out once here, so the request path never parses a user agent (decision 0140).
 */
export async function createSession(
  db: Db,
  userId: number,
  origin?: SessionOrigin,
  grant?: { oauthClientId: number; scopes: readonly TokenScope[]; ttlMs: number },
): Promise<string> {
  const token = newSessionToken();
  await db.session.create({
    data: {
      userId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + (grant?.ttlMs ?? SESSION_MAX_MS)),
      ...(grant && { oauthClientId: grant.oauthClientId, scopes: [...grant.scopes] }),
      ...(origin && {
        ip: origin.ip,
        userAgent: origin.userAgent || null,
        device: describeDevice(origin.userAgent),
        isDesktop: origin.isDesktop,
        method: origin.method ?? null,
      }),
    },
  });
  return token;
}

interface SessionRow {
  id: number;
  user_id: number;
  email: string;
  locale: Locale;
  is_admin: boolean;
  blocked: boolean;
  ended: boolean;
  stale: boolean;
  oauth_client_id: number | null;
  scopes: string[];
}

/**
 * The session's user, or null when the token is unknown, expired, or its user is blocked. One indexed
 * statement (token_hash, then the user's primary key) on every authenticated request, never a cache: a
 * session ended or a user blocked stops working on the very next request, on every process (decision
 * 0114). last_used_at is written at most once a minute, so reads stay reads.
 */
export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  const now = new Date();
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const touchBefore = new Date(now.getTime() - TOUCH_EVERY_MS);
  const [session] = await readRows<SessionRow>(
    db.pool,
    PrismaSql.sql`
    SELECT s.id, s.user_id, u.email, u.locale, u.type_id = ${USER_TYPE_ADMIN}::int AS is_admin,
      u.blocked_at IS NOT NULL AS blocked,
      (s.expires_at <= ${at(now)} OR s.last_used_at <= ${at(idleSince)}) AS ended,
      s.last_used_at < ${at(touchBefore)} AS stale, s.oauth_client_id, s.scopes
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ${sha256(token)}`,
  );
  if (!session || session.blocked) return null;
  if (session.ended) {
    await db.prisma.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  if (session.stale) {
    // Conditional, so processes serving the same session at once write it once.
    await db.prisma.$executeRaw`UPDATE sessions SET last_used_at = ${at(now)}
      WHERE id = ${session.id} AND last_used_at < ${at(touchBefore)}`;
  }
  // A device grant's token is a session of its own, limited like a personal token (decision 0222).
  if (session.oauth_client_id !== null) {
    return {
      sessionId: session.id,
      userId: session.user_id,
      email: session.email,
      locale: session.locale,
      isAdmin: false,
      token: { kind: 'device', id: session.id, scopes: session.scopes as TokenScope[] },
    };
  }
  return {
    sessionId: session.id,
    userId: session.user_id,
    email: session.email,
    locale: session.locale,
    isAdmin: session.is_admin,
  };
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.session.deleteMany({ where: { id: sessionId } });
}

/** Ends every session of the account; `db` may be the caller's transaction. */
export async function deleteUserSessions(db: Db, userId: number): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId } });
  return count;
}
