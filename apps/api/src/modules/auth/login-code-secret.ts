import { createHmac } from 'node:crypto';
import type { Bytes } from '../../lib/crypto';

// Sign-in codes are stored as HMAC-SHA256 under a server secret, so a database dump alone does not give
// them away: six digits hashed without a key fall to a million guesses (decision 0082). The secret itself is
// loaded by lib/login-code-secret.ts (personal access tokens use it too).

export { LOGIN_CODE_SECRET_FILE, loadLoginCodeSecret } from '../../lib/login-code-secret';

export const hashLoginCode = (secret: string, email: string, code: string): Bytes =>
  Uint8Array.from(createHmac('sha256', secret).update(`${email}:${code}`).digest());
