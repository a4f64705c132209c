import { isIP } from 'node:net';
import { z } from 'zod';

// The kinds of field env.ts and its parts (env-payments.ts, env-identity.ts) are made of, in one place.
// Only those three import this; nothing here reads process.env.

/** An empty or blank variable counts as unset, so its default applies. */
export const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** 'true'/'false', '1'/'0', 'yes'/'no' (any case). */
export const booleanFlag = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An http(s) URL, `fallback` when unset, without its trailing slashes (paths are appended to it). */
export const httpUrl = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), {
        message: 'expected an http(s) URL',
      })
      .default(fallback)
      .transform((u) => u.replace(/\/+$/, '')),
  );

/** An address or a CIDR range (IPv4 or IPv6). */
export function isCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** How a comma-separated list's entries are checked, and what its message says of a bad one. */
export interface ListRule {
  isEntry: (entry: string) => boolean;
  /** 'not a DNS server address' */
  problem: string;
  /** '1.1.1.1,127.0.0.1:5353' */
  example: string;
}

/** The entries of a comma-separated list; an empty list or a bad entry is one issue that names them. */
export function commaList(value: string, ctx: z.RefinementCtx, rule: ListRule): string[] {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !rule.isEntry(e));
  if (bad.length || !entries.length) {
    ctx.addIssue({
      code: 'custom',
      message: `${rule.problem}: ${bad.join(', ') || value} (expected e.g. ${rule.example})`,
    });
    return z.NEVER;
  }
  return entries;
}
