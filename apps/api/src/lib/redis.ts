import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * A connected Redis client, or a start-up failure naming REDIS_URL. Commands fail fast while the
 * connection is down (no offline queue, a short timeout) so that a Redis outage slows no request;
 * the client reconnects by itself. ioredis is loaded here, only by a process given REDIS_URL (decision 0119).
 */
export async function connectRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    // One line per distinct failure, not one per reconnect attempt.
    if (error.message === lastError) return;
    lastError = error.message;
    log.warn({ err: error }, `Redis (${redactUrl(url)}): ${error.message}`);
  });
  redis.on('ready', () => {
    if (lastError) log.info(`Redis (${redactUrl(url)}) is back`);
    lastError = '';
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`REDIS_URL: cannot connect to ${redactUrl(url)} (${reason})`);
  }
  return redis;
}
