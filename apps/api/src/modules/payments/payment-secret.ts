import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const PAYMENT_SECRET_FILE = 'payment-secret';

/**
 * The notification secret of test mode: made once and kept in DATA_DIR/payment-secret (mode 0600) so a
 * restart keeps signatures valid. Created atomically: the secret is written to a private temporary file
 * which is then hard-linked into place; link() fails if another process won, and then we read theirs.
 * So nobody ever reads a half-written file. (docs/decisions/0023-payment-notifications.md)
 */
export async function loadOrCreatePaymentSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, PAYMENT_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  const temporary = path.join(
    dataDir,
    `.${PAYMENT_SECRET_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`,
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
  if (!secret) throw new Error(`${file} is empty: delete it to make a new payment secret`);
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
