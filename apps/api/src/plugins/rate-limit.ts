import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { connectRedis } from '../lib/redis';

/** Per-IP limits per minute, from LOGIN_RATE_LIMIT; tests may set them directly. */
export interface RateLimits {
  /** Requests for a new sign-in code. */
  loginSend: number;
  /** Code checks. */
  loginVerify: number;
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

// With REDIS_URL the counters live in Redis, so every API process behind a load balancer counts against the
// same budget; without it they are kept in this process (decision 0061).
export default fp(
  async function rateLimiting(app: FastifyInstance) {
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
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(
          429,
          'RATE_LIMITED',
          `Слишком много запросов, попробуйте через ${seconds} с`,
          undefined,
          {
            'retry-after': String(seconds),
          },
        );
      },
    });
  },
  { name: 'rate-limit' },
);
