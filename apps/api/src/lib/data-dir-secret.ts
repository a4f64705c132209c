import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret made once and kept in DATA_DIR/<name> (mode 0600), so a restart keeps what was signed or hashed
 * with it valid; several processes sharing DATA_DIR share it. Created atomically: written to a private
 * temporary file, then hard-linked into place; link() fails if another process won, and then theirs is
 * read, so nobody ever reads a half-written file (docs/decisions/0023-payment-notifications.md).
 * `what` names the secret in the error about an empty file.
 */
export async function loadOrCreateDataDirSecret(dataDir: string, name: string, what = name): Promise<string> {
  const file = path.join(dataDir, name);
  const existing = await readSecret(file);
  if (existing) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  const temporary = path.join(dataDir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}`);
  await fs.writeFile(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.unlink(temporary).catch(() => {});
  }
  const secret = await readSecret(file);
  if (!secret) throw new Error(`${file} is empty: delete it to make a new ${what}`);
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
