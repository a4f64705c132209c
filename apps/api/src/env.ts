import path from 'node:path';
import { z } from 'zod';

// Configuration is read once here and validated; nothing else reads process.env.
// A bad value stops the server with a message naming the variable (architecture.md, convention 5).

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((u) => URL.canParse(u) && protocols.test(new URL(u).protocol), {
        message: `expected a ${protocols.source} URL`,
      })
      .optional(),
  );

/** 'true'/'false', '1'/'0', 'yes'/'no' (any case). */
const booleanFlag = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const EnvSchema = z
  .object({
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    /** Where people reach the cabinet; used in links (file urls, payment return, sandbox). */
    PUBLIC_URL: optionalUrl(/^https?:$/),
    /** PostgreSQL; when absent an embedded PostgreSQL (PGlite) is kept under DATA_DIR. */
    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    /** Stored bytes each user may have in files (decision 0095); 1 GB by default. */
    FILES_QUOTA_BYTES: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1_000_000_000),
    ),
    /** smtp:// or smtps:// URL; when absent sign-in codes are printed to the server log. */
    SMTP_URL: optionalUrl(/^smtps?:$/),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Личный кабинет <no-reply@localhost>')),
    /** Comma separated; promoted to admin at sign-in. Empty: the first account to sign in is the admin. */
    ADMIN_EMAILS: z.preprocess(
      (v) => (typeof v === 'string' ? v : ''),
      z.string().transform((s) =>
        s
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    ),
    DESKTOP_APP_SCHEME: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z][a-z0-9+.-]*$/, 'a URL scheme such as insomnia')
        .default('insomnia'),
    ),
    YOOMONEY_RECEIVER: optionalString,
    YOOMONEY_SECRET: optionalString,
    /** The provider's share that an amount may fall short of the price by (0.03 = 3 %). */
    PAYMENT_COMMISSION: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(0.5).default(0.03)),
    /** Per-IP sign-in requests a minute, for each of the two login steps. */
    LOGIN_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(20)),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /** S3-compatible storage for new files; the four S3_* below go together (decision 0060). */
    S3_ENDPOINT: optionalUrl(/^https?:$/),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY: optionalString,
    S3_SECRET_KEY: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    /** Bucket in the path (MinIO and most self-hosted stores) rather than in the host name. */
    S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
    /** Shared state of several API processes (rate limits); unset: kept in this process (decision 0061). */
    REDIS_URL: optionalUrl(/^rediss?:$/),
    /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
    REDIS_KEY_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .max(64)
        .regex(/^[A-Za-z0-9:_.-]+$/, 'letters, digits and : _ . -')
        .default('cabinet:'),
    ),
  })
  .superRefine((env, ctx) => {
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;
    const set = s3.filter((name) => env[name] !== undefined);
    if (set.length === 0 || set.length === s3.length) return;
    for (const name of s3.filter((n) => env[n] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `required with ${set.join(', ')} (S3 storage)` });
    }
  });

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; DATA_DIR: string };

export class EnvError extends Error {}

/** Parses an environment (process.env by default); throws EnvError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}
