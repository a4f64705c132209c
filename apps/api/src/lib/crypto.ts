import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { onFirstUse } from './first-use';

/** Bytes as Prisma's Bytes columns take them. */
export type Bytes = Uint8Array<ArrayBuffer>;

export const sha256 = (value: string | Uint8Array): Bytes =>
  Uint8Array.from(createHash('sha256').update(value).digest());

/** An opaque token (a session, an invitation link): 256 random bits, base64url. Only its SHA-256 is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const newSessionToken = newOpaqueToken;

/** A 6-digit one-time code from a CSPRNG. */
export const newLoginCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const newVaultKey = (): Bytes => Uint8Array.from(randomBytes(32));

export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && timingSafeEqual(a, b);

export const sameText = (a: string, b: string): boolean => sameBytes(sha256(a), sha256(b));

const X25519_KEY_BASE64 = /^[A-Za-z0-9+/]{43}=$/;

/** A desktop app's loginKey is base64 of a 32-byte X25519 public key (product-decisions, Desktop hand-off). */
export function parseDesktopPublicKey(loginKey: string | undefined): Buffer | null {
  if (!loginKey || !X25519_KEY_BASE64.test(loginKey)) return null;
  const key = Buffer.from(loginKey, 'base64');
  return key.length === 32 ? key : null;
}

/**
 * libsodium (a WebAssembly module with 4 MB of memory of its own) is loaded with the first desktop hand-off,
 * not at start (decision 0119).
 */
const loadSodium = onFirstUse(async () => {
  const { default: sodium } = await import('libsodium-wrappers');
  await sodium.ready;
  return sodium;
});

/** libsodium crypto_box_seal: only the holder of the matching private key can open it. */
export async function sealForDesktop(publicKey: Buffer, payload: unknown): Promise<string> {
  const sodium = await loadSodium();
  const box = sodium.crypto_box_seal(Buffer.from(JSON.stringify(payload), 'utf8'), publicKey);
  return Buffer.from(box).toString('base64');
}
