import { newOpaqueToken, sha256 } from '../../lib/crypto';
import type { Db, Prisma } from '../../plugins/db/database';

// The devices that completed a code sign-in to an account (decision 0182). The code step's answer gives a
// random `device_token`; only its SHA-256 is kept, bound to the account. A later sign-in to that account
// sending it back is counted under the device's own caps instead of its address's and the account-wide ones,
// so what an attacker does from elsewhere cannot lock it out.

/** Devices kept per account; the ones unused longest go first. */
export const SIGN_IN_DEVICES_MAX = 20;

/** The sign-in device of `userId` named by `token`, or null (no token, unknown, or another account's). */
export async function findSignInDevice(
  prisma: Prisma,
  userId: number,
  token: string | undefined,
): Promise<{ id: number } | null> {
  if (!token) return null;
  const device = await prisma.signInDevice.findUnique({
    where: { tokenHash: sha256(token) },
    select: { id: true, userId: true },
  });
  return device && device.userId === userId ? { id: device.id } : null;
}

/**
 * A new device token for `userId` after a completed code sign-in. The device the request came with (if
 * known) is replaced: one device, one live token. The oldest beyond SIGN_IN_DEVICES_MAX are dropped.
 */
export async function issueDeviceToken(
  db: Db,
  userId: number,
  previous: { id: number } | null,
  now: Date,
): Promise<string> {
  const token = newOpaqueToken();
  if (previous) await db.signInDevice.deleteMany({ where: { id: previous.id, userId } });
  await db.signInDevice.create({
    data: { userId, tokenHash: sha256(token), createdAt: now, lastUsedAt: now },
  });
  const stale = await db.signInDevice.findMany({
    where: { userId },
    orderBy: [{ lastUsedAt: 'desc' }, { id: 'desc' }],
    skip: SIGN_IN_DEVICES_MAX,
    select: { id: true },
  });
  if (stale.length > 0) await db.signInDevice.deleteMany({ where: { id: { in: stale.map((d) => d.id) } } });
  return token;
}
