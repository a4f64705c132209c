import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets the cabinet must read back (webhook signing secrets; SSO client secrets later) are kept sealed
// with AES-256-GCM under SECRETS_KEY (docs/decisions/0251-secrets-key.md). The key is the SHA-256 of the
// variable's text, so any 32+ character value serves. A sealed value reads 'v1.' + base64(iv | tag | data).

const VERSION = 'v1.';

const keyOf = (secretsKey: string) => createHash('sha256').update(secretsKey).digest();

/** Seals `plain` under SECRETS_KEY. */
export function sealSecret(secretsKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretsKey), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

/** Opens a sealed value; throws when the key is not the one it was sealed with or the value was altered. */
export function openSecret(secretsKey: string, sealed: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error('not a sealed secret');
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretsKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
