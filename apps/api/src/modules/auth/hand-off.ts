import { createHash } from 'node:crypto';
import type { LoginResult } from '@cabinet/contracts';
import { parseDesktopPublicKey, sealForDesktop } from '../../lib/crypto';

// The desktop hand-off of a completed sign-in (product-decisions, "Desktop hand-off").

/**
 * What a person compares with the desktop app's own display: the first 8 bytes of SHA-256 of the public
 * key the box was sealed to, as hex in groups of 4 ('a1b2 c3d4 e5f6 0718'). A page that swapped the
 * loginKey for its own key shows another fingerprint (decision 0083).
 */
export function keyFingerprint(publicKey: Uint8Array): string {
  const hex = createHash('sha256').update(publicKey).digest('hex').slice(0, 16);
  return hex.match(/.{4}/g)?.join(' ') ?? hex;
}

/** For a desktop key, a sealed box of token and vault key; otherwise the token itself. */
export async function handOff(
  loginKey: string,
  accessToken: string,
  vaultKey: Uint8Array,
  desktopScheme: string,
): Promise<LoginResult> {
  const desktopKey = parseDesktopPublicKey(loginKey);
  const code = desktopKey
    ? await sealForDesktop(desktopKey, { token: accessToken, key: Buffer.from(vaultKey).toString('base64') })
    : accessToken;
  return {
    access_token: accessToken,
    code,
    electronUrl: `${desktopScheme}://app/auth/finish?box=${encodeURIComponent(code)}`,
    key_fingerprint: desktopKey ? keyFingerprint(desktopKey) : null,
  };
}
