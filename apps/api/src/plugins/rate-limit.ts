import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { tr } from '../lib/i18n';
import { connectRedis } from '../lib/redis';

/** Per-IP limits per minute, from LOGIN_RATE_LIMIT; tests may set them directly. */
export interface RateLimits {
  /** Requests for a new sign-in code. */
  loginSend: number;
  /** Code checks. */
  loginVerify: number;
  /** Exact-e-mail lookups an hour (decision 0190); EMAIL_LOOKUPS_PER_HOUR when not given. */
  emailLookups?: { account: number; address: number };
  /** Requests a minute of one organization's SCIM token (issue 30); SCIM_REQUESTS_PER_MINUTE when not given. */
  scimRequests?: number;
}

/** Lookups per signed-in non-admin a minute: inviting people needs a few, harvesting addresses many. */
export const LOOKUPS_PER_MINUTE = 60;

/**
 * Route config for the calls that tell whether an address or an id has an account (profile/search,
 * add-member, desktop start-adding; decisions 0040 and 0087): 60 a minute per signed-in non-admin, each call
 * its own bucket; admins are not limited. Counted after authentication, so the key is the account.
 */
export const lookupRateLimit = (bucket: string) => ({
  rateLimit: {
    hook: 'preHandler' as const,
    timeWindow: '1 minute',
    max: LOOKUPS_PER_MINUTE,
    keyGenerator: (request: FastifyRequest) => `${bucket}:${request.ctx.actor?.userId ?? request.ip}`,
    allowList: (request: FastifyRequest) => request.ctx.actor?.isAdmin === true,
  },
});

/**
 * Exact-e-mail lookups (profile/search, profile/list with an address, each address of desktop
 * start-adding) a non-admin may make in an hour, per account and per client address (decision 0190): each
 * found account may be added by id for 15 minutes, so the lookups themselves are what is limited.
 */
export const EMAIL_LOOKUPS_PER_HOUR = { account: 300, address: 600 };

/**
 * Route config `addressLimit`: a per-client-address budget counted in onRequest, before the body is read, so
 * a request is counted whatever its body (too large, too deep, not JSON; decision 0192).
 */
export interface AddressLimit {
  /** Names the counter; one per call. */
  name: string;
  max: number;
  timeWindow: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    addressLimit?: AddressLimit;
  }
  interface FastifyInstance {
    /** Counts `count` exact-e-mail lookups of a signed-in non-admin; 429 past the hour's budget. */
    countEmailLookups(request: FastifyRequest, count: number): Promise<void>;
  }
}

const tooMany = (seconds: number) =>
  new AppError(
    429,
    'RATE_LIMITED',
    tr('Слишком много запросов, попробуйте через {seconds} с', { seconds }),
    undefined,
    {
      'retry-after': String(seconds),
    },
  );

// With REDIS_URL the counters live in Redis, so every API process behind a load balancer counts against the
// same budget; without it they are kept in this process (decision 0061).
export default fp(
  async function rateLimiting(
    app: FastifyInstance,
    opts: { emailLookups?: { account: number; address: number } },
  ) {
    const { REDIS_URL, REDIS_KEY_PREFIX } = app.config;
    const redis = REDIS_URL ? await connectRedis(REDIS_URL, app.log) : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));

    await app.register(rateLimit, {
      global: false,
      ...(redis && {
        redis,
        nameSpace: `${REDIS_KEY_PREFIX}rate-limit:`,
        // A Redis outage must not stop sign-in: the request goes through uncounted (sign-in codes still
        // burn after a few wrong tries) and the failure is logged by the client's error handler.
        skipOnError: true,
      }),
      errorResponseBuilder: (_request, context) => tooMany(Math.max(1, Math.ceil(context.ttl / 1000))),
    });

    // Two budgets in the same store (Redis when configured): the account's and the client address's.
    const budget = opts.emailLookups ?? EMAIL_LOOKUPS_PER_HOUR;
    const limiters = [
      app.createRateLimit({
        timeWindow: '1 hour',
        max: budget.account,
        keyGenerator: (request) => `email-lookups:account:${request.ctx.actor?.userId}`,
      }),
      app.createRateLimit({
        timeWindow: '1 hour',
        max: budget.address,
        keyGenerator: (request) => `email-lookups:address:${request.ip}`,
      }),
    ];
    const addressLimiters = new Map<AddressLimit, ReturnType<FastifyInstance['createRateLimit']>>();
    app.addHook('onRequest', async (request) => {
      const spec = request.routeOptions.config?.addressLimit;
      if (!spec) return;
      let limit = addressLimiters.get(spec);
      if (!limit) {
        limit = app.createRateLimit({
          timeWindow: spec.timeWindow,
          max: spec.max,
          keyGenerator: (r) => `${spec.name}:${r.ip}`,
        });
        addressLimiters.set(spec, limit);
      }
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) throw tooMany(Math.max(1, result.ttlInSeconds));
    });

    app.decorate('countEmailLookups', async (request: FastifyRequest, count: number) => {
      if (!request.ctx.actor || request.ctx.actor.isAdmin || count <= 0) return;
      const results = await Promise.all(
        limiters.flatMap((limit) => Array.from({ length: count }, () => limit(request))),
      );
      let wait = 0;
      for (const result of results) {
        if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttlInSeconds);
      }
      if (wait > 0) throw tooMany(Math.max(1, wait));
    });
  },
  { name: 'rate-limit' },
);
