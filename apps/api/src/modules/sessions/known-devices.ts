import type { ClientDevice } from '../../lib/client-device';
import { sha256 } from '../../lib/crypto';
import type { Db } from '../../plugins/db/database';

// Devices an account has signed in from, for the new-device mail (docs/decisions/0141-new-device-mail.md).
// A device is its user agent and client address, as the issue defines it; only their hash is kept.

/** Devices remembered per account; the least recently seen beyond this are forgotten. */
export const KNOWN_DEVICES_MAX = 100;

const fingerprintOf = ({ userAgent, ip }: ClientDevice) => sha256(`${userAgent}\n${ip}`);

/**
 * Remembers the device of a sign-in and tells whether to say so: true when the account has never signed in
 * from it but has from another one (the account's very first sign-in is not news). Runs in the sign-in's
 * transaction; two sign-ins from one new device at once remember it once.
 */
export async function rememberDevice(
  tx: Db,
  userId: number,
  device: ClientDevice,
  now: Date,
): Promise<boolean> {
  const fingerprint = fingerprintOf(device);
  const { count } = await tx.knownDevice.createMany({
    data: [{ userId, fingerprint, firstSeenAt: now, lastSeenAt: now }],
    skipDuplicates: true,
  });
  if (count === 0) {
    await tx.knownDevice.updateMany({ where: { userId, fingerprint }, data: { lastSeenAt: now } });
    return false;
  }
  const forgotten = await tx.knownDevice.findMany({
    where: { userId },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'desc' }],
    skip: KNOWN_DEVICES_MAX,
    select: { id: true },
  });
  if (forgotten.length)
    await tx.knownDevice.deleteMany({ where: { id: { in: forgotten.map((d) => d.id) } } });
  const other = await tx.knownDevice.findFirst({
    where: { userId, NOT: { fingerprint } },
    select: { id: true },
  });
  return other !== null;
}
