import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

const KEY = 'a-secrets-key-of-at-least-32-characters';

describe('secret box (AES-256-GCM under SECRETS_KEY)', () => {
  it('opens what it sealed, with a new IV each time; another key or an altered value fails', () => {
    const sealed = sealSecret(KEY, 'whsec_abc');
    expect(sealed).toMatch(/^v1\./);
    expect(sealSecret(KEY, 'whsec_abc')).not.toBe(sealed);
    expect(openSecret(KEY, sealed)).toBe('whsec_abc');
    expect(() => openSecret(`${KEY}x`, sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => openSecret(KEY, `v1.${raw.toString('base64')}`)).toThrow();
  });
});
