import path from 'node:path';
import { z } from 'zod';
import { booleanFlag, commaList, emptyToUndefined, isCidr } from './env-fields';
import { identityEnvFields, refineIdentity } from './env-identity';
import { paymentEnvFields, refinePayments, resolvePaymentsMode } from './env-payments';

// Configuration is read once here and validated; nothing else reads process.env.
// A bad value stops the server with a message naming the variable (architecture.md, convention 5).

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

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One trusted proxy: an address, a CIDR range, or a range name proxy-addr knows. */
const isProxyAddress = (entry: string): boolean => PROXY_RANGE_NAMES.includes(entry) || isCidr(entry);

/**
 * TRUST_PROXY: unset/false/0 = the client is the connecting address and X-Forwarded-For is ignored; a hop
 * count (1 = one balancer in front); or comma-separated addresses/CIDRs of the proxies. `true` is refused:
 * trusting every sender lets any client choose the address the sign-in limits count (decision 0080).
 */
const trustProxy = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      if (v === undefined || ['', 'false', 'off', 'no', '0'].includes(v)) return false;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops <= 16) return hops;
        ctx.addIssue({ code: 'custom', message: 'a hop count from 1 to 16' });
        return z.NEVER;
      }
      if (['true', 'yes', 'on', '*'].includes(v)) {
        ctx.addIssue({
          code: 'custom',
          message:
            "trusting every address lets any client pick its own: give a hop count (1) or the proxies' addresses",
        });
        return z.NEVER;
      }
      return commaList(v, ctx, {
        isEntry: isProxyAddress,
        problem: 'not an address or CIDR',
        example: '1, or 10.0.0.5,172.16.0.0/12',
      });
    }),
);

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's "the n nearest addresses are proxies"
 * (Fastify itself refuses a bare number): it trusts whoever connects, so the API must be reachable only
 * through the balancer; an address list does not need that.
 */
export function trustProxyOption(trust: false | number | string[]) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export const EnvSchema = z
  .object({
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    /** Loopback by default: the quick start is reachable from this machine only (the image sets 0.0.0.0). */
    HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    /** Which proxies' X-Forwarded-For to believe: off, a hop count, or their addresses (decision 0080). */
    TRUST_PROXY: trustProxy,
    /** Where people reach the cabinet; used in links (file urls, payment return, sandbox). */
    PUBLIC_URL: optionalUrl(/^https?:$/),
    /** PostgreSQL; when absent an embedded PostgreSQL (PGlite) is kept under DATA_DIR. */
    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/),
    /**
     * Connections of this process's pool to DATABASE_URL (decision 0114). Every API process holds this
     * many at most: keep processes × DATABASE_POOL_MAX below PostgreSQL's max_connections.
     */
    DATABASE_POOL_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(10)),
    /**
     * 'off' sends every statement unnamed: for PgBouncer before 1.21 in transaction mode, which cannot keep
     * prepared statements or pass the plan_cache_mode startup option (decision 0179).
     */
    DATABASE_PREPARED_STATEMENTS: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z.enum(['on', 'off']).default('on'),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    /** Stored bytes each user may have in files (decision 0095); 1 GB by default. */
    FILES_QUOTA_BYTES: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1_000_000_000),
    ),
    /** smtp:// or smtps:// URL; when absent sign-in codes are printed to the server log. */
    SMTP_URL: optionalUrl(/^smtps?:$/),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Личный кабинет <no-reply@localhost>')),
    /**
     * Comma separated; promoted to admin at sign-in. Empty: the first account to sign in is the admin, but
     * only on a loopback-only server without proxies, signing in from this machine (decision 0081).
     */
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
    ...paymentEnvFields,
    ...identityEnvFields,
    /**
     * Key of the sign-in code hashes (HMAC-SHA256). Unset: a secret made once and kept in DATA_DIR, which
     * serves one process; several processes must share one value (decision 0082).
     */
    LOGIN_CODE_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'at least 32 characters (e.g. openssl rand -base64 48)').optional(),
    ),
    /**
     * The header's 'О сервисе', 'FAQ' and 'Поддержка' (http or https); each is hidden while unset.
     * SUPPORT_EMAIL makes 'Поддержка' a mailto: link when SUPPORT_URL is unset (decision 0161).
     */
    ABOUT_URL: optionalUrl(/^https?:$/),
    FAQ_URL: optionalUrl(/^https?:$/),
    SUPPORT_URL: optionalUrl(/^https?:$/),
    SUPPORT_EMAIL: z.preprocess(
      emptyToUndefined,
      z.email('an e-mail address such as help@example.com').optional(),
    ),
    /** Per-IP sign-in requests a minute, for each of the two login steps. */
    LOGIN_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(20)),
    /** Audit events older than this many days are deleted by the hourly retention task (decision 0148). */
    AUDIT_RETENTION_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(36_500).default(365),
    ),
    /** Days a paid plan keeps its limits after its end date before 'Базовый' follows (decision 0153). */
    PLAN_GRACE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60).default(3)),
    /** Days before a paid plan's end that a reminder is mailed, comma-separated (decision 0152). */
    REMINDER_DAYS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('7,1')
        .transform((v, ctx) => {
          const days = v.split(',').map((d) => d.trim());
          if (days.some((d) => !/^\d{1,2}$/.test(d) || Number(d) < 1 || Number(d) > 60)) {
            ctx.addIssue({ code: 'custom', message: 'comma-separated whole days from 1 to 60, such as 7,1' });
            return z.NEVER;
          }
          return [...new Set(days.map(Number))].sort((a, b) => b - a);
        }),
    ),
    /** 'off' sends no reminder or end-of-plan mails (receipts still go); the jobs still run (decision 0152). */
    REMINDER_MAILS: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z.enum(['on', 'off']).default('on'),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /**
     * Key of the secrets the cabinet reads back (webhook signing secrets, SSO client secrets), sealed with
     * AES-256-GCM (lib/secret-box.ts); required once any webhook endpoint or SSO connection exists (0251). Never change it
     * without re-sealing: the sealed secrets stop opening.
     */
    SECRETS_KEY: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'at least 32 characters (e.g. openssl rand -base64 48)').optional(),
    ),
    /** Webhook URLs may be plain http (tests, closed networks); https only by default (decision 0252). */
    WEBHOOKS_ALLOW_HTTP: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
    /** Webhooks may go to loopback, private, link-local and metadata addresses (decision 0252). */
    WEBHOOKS_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
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
    /** Bearer token that GET /metrics on the API's port asks for; unset: no /metrics there (decision 0261). */
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, 'at least 16 characters (e.g. openssl rand -hex 24)').optional(),
    ),
    /** A listener of its own for GET /metrics, without a token (decision 0261); unset: none. */
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
    /** The METRICS_PORT listener's address: this machine only unless set (0.0.0.0 in Kubernetes). */
    METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    /** OTLP/HTTP collector (e.g. http://otel-collector:4318); unset: no tracing is loaded (decision 0262). */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(/^https?:$/),
    /** service.name of the exported spans. */
    OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().max(100).default('cabinet-api')),
  })
  .superRefine((env, ctx) => {
    refinePayments(env, ctx);
    refineIdentity(env, ctx);

    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }

    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;
    const set = s3.filter((name) => env[name] !== undefined);
    if (set.length === 0 || set.length === s3.length) return;
    for (const name of s3.filter((n) => env[n] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `required with ${set.join(', ')} (S3 storage)` });
    }
  });

export type PaymentsMode = 'test' | 'live';

export type Env = Omit<z.infer<typeof EnvSchema>, 'PAYMENTS_MODE'> & {
  PUBLIC_URL: string;
  DATA_DIR: string;
  /** Resolved: never unset once loaded. */
  PAYMENTS_MODE: PaymentsMode;
};

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
    // The refinement above leaves only agreeing combinations (env-payments.ts).
    PAYMENTS_MODE: resolvePaymentsMode(env),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}
