import { createHmac } from 'node:crypto';
import type { Bytes } from '../../lib/crypto';
import { loadOrCreateDataDirSecret } from '../../lib/data-dir-secret';

// Sign-in codes are stored as HMAC-SHA256 under a server secret, so a database dump alone does not give
// them away: six digits hashed without a key fall to a million guesses (decision 0082).

export const LOGIN_CODE_SECRET_FILE = 'login-code-secret';

export const hashLoginCode = (secret: string, email: string, code: string): Bytes =>
  Uint8Array.from(createHmac('sha256', secret).update(`${email}:${code}`).digest());

/**
 * LOGIN_CODE_SECRET when set; otherwise a secret made once and kept in DATA_DIR/login-code-secret (mode
 * 0600), which serves one process (or several sharing DATA_DIR): lib/data-dir-secret.ts.
 */
export async function loadLoginCodeSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return configured || loadOrCreateDataDirSecret(dataDir, LOGIN_CODE_SECRET_FILE, 'sign-in code secret');
}
