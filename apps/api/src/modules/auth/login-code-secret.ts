import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Bytes } from '../../lib/crypto';

// Sign-in codes are stored as HMAC-SHA256 under a server secret, so a database dump alone does not give
// them away: six digits hashed without a key fall to a million guesses (decision 0082).

export const LOGIN_CODE_SECRET_FILE = 'login-code-secret';

export const hashLoginCode = (secret: string, email: string, code: string): Bytes =>
  Uint8Array.from(createHmac('sha256', secret).update(`${email}:${code}`).digest());

/**
 * LOGIN_CODE_SECRET when set; otherwise a secret made once and kept in DATA_DIR/login-code-secret (mode
 * 0600), which serves one process (or several sharing DATA_DIR). Created atomically as the payment
 * test-mode secret is (modules/payments/payment-secret.ts): written to a private temporary file, then
 * hard-linked into place; link() fails if another process won, and then theirs is read.
 */
export async function loadLoginCodeSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, LOGIN_CODE_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  const temporary = path.join(
    dataDir,
    `.${LOGIN_CODE_SECRET_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`,
  );
  await fs.writeFile(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.unlink(temporary).catch(() => {});
  }
  const secret = await readSecret(file);
  if (!secret) throw new Error(`${file} is empty: delete it to make a new sign-in code secret`);
  return secret;
}

async function readSecret(file: string): Promise<string | null> {
  try {
    return (await fs.readFile(file, 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
