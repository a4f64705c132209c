import { USER_TYPE_ADMIN } from '@cabinet/contracts';
import type { Db, Prisma } from '../plugins/db/database';
import { type ClientDevice, describeDevice } from './client-device';
import type { Actor } from './context';
import { newSessionToken, sha256 } from './crypto';

/** Sessions end 30 days after last use, and 180 days after sign-in at the latest. */
export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
export const SESSION_MAX_MS = 180 * 24 * 3600 * 1000;
/** last_used_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

/** A session's account, as every call sees its caller. */
export type SessionUser = Actor;

/** Where a session is opened from: the client, and whether it is a desktop app's sealed hand-off. */
export interface SessionOrigin extends ClientDevice {
  isDesktop: boolean;
}

/**
 * Opens a session and returns its token. `origin` is kept with it as of the sign-in, the device words
 * worked out once here, so the request path never parses a user agent (decision 0140).
 */
export async function createSession(db: Db, userId: number, origin?: SessionOrigin): Promise<string> {
  const token = newSessionToken();
  await db.session.create({
    data: {
      userId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + SESSION_MAX_MS),
      ...(origin && {
        ip: origin.ip,
        userAgent: origin.userAgent || null,
        device: describeDevice(origin.userAgent),
        isDesktop: origin.isDesktop,
      }),
    },
  });
  return token;
}

/** The session's user, or null when the token is unknown, expired, or its user is blocked. */
export async function findSessionUser(prisma: Prisma, token: string): Promise<SessionUser | null> {
  const session = await prisma.session.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      id: true,
      lastUsedAt: true,
      expiresAt: true,
      user: { select: { id: true, email: true, typeId: true, blockedAt: true } },
    },
  });
  const now = Date.now();
  if (!session || session.user.blockedAt) return null;
  if (session.expiresAt.getTime() <= now || session.lastUsedAt.getTime() + SESSION_IDLE_MS <= now) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  if (now - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await prisma.session.updateMany({ where: { id: session.id }, data: { lastUsedAt: new Date(now) } });
  }
  return {
    sessionId: session.id,
    userId: session.user.id,
    email: session.user.email,
    isAdmin: session.user.typeId === USER_TYPE_ADMIN,
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
