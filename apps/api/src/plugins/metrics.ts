import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sameText } from '../lib/crypto';
import { type AppMetrics, createAppMetrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics & {
      /** The METRICS_PORT listener's address once the app is ready; null without METRICS_PORT. */
      listenerAddress: () => AddressInfo | null;
    };
  }
}

/** A request the router found no route for (404s, bad methods): one label, never the raw path. */
const UNMATCHED = 'unmatched';

/**
 * GET /metrics (issue 31, decision 0260): with `Authorization: Bearer <METRICS_TOKEN>` on the API's port,
 * and without a token on a listener of its own at METRICS_PORT (127.0.0.1 unless METRICS_HOST). Anything
 * else is the same 404 as an unknown address: a scraper set up wrongly is told nothing more.
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    const { METRICS_TOKEN, METRICS_PORT, METRICS_HOST } = app.config;
    const pool = app.db.pool;
    const appMetrics = createAppMetrics({
      async mailOutbox() {
        const { rows } = await pool.query<{ backlog: number; age: number }>(
          `SELECT count(*)::int AS backlog,
                  coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS age
             FROM mail_outbox WHERE sent_at IS NULL`,
        );
        return { backlog: rows[0]?.backlog ?? 0, oldestAgeSeconds: Math.max(0, rows[0]?.age ?? 0) };
      },
      async jobQueues() {
        // pg-boss 10's own measure of a queue's size (getQueueSize): states before 'completed'. The schema
        // appears with the job runner's first start; until then there are no queues to show.
        const { rows } = await pool.query<{ queue: string; state: string; size: number }>(
          `SELECT name AS queue, state::text AS state, count(*)::int AS size
             FROM pgboss.job WHERE state < 'completed' GROUP BY 1, 2`,
        );
        return rows;
      },
      pool: () => ({
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    });

    // Nobody can read them with both variables unset: requests are not even timed then.
    if (METRICS_TOKEN || METRICS_PORT !== undefined) {
      app.addHook('onResponse', async (request, reply) => {
        appMetrics.observeRequest(
          request.method,
          request.routeOptions.url ?? UNMATCHED,
          reply.statusCode,
          reply.elapsedTime / 1000,
        );
      });
    }

    if (METRICS_TOKEN) {
      app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
        if (!hasToken(request, METRICS_TOKEN)) return reply.callNotFound();
        return reply.type(appMetrics.contentType).send(await appMetrics.text());
      });
    }

    let listener: Server | null = null;
    if (METRICS_PORT !== undefined) {
      listener = createServer((request, response) => {
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || path !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
          return;
        }
        appMetrics.text().then(
          (text) => response.writeHead(200, { 'content-type': appMetrics.contentType }).end(text),
          (err: unknown) => {
            app.log.error({ err }, 'metrics: collecting failed');
            response.writeHead(500).end();
          },
        );
      });
      const server = listener;
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(METRICS_PORT, METRICS_HOST, () => {
            server.off('error', reject);
            resolve();
          });
        });
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }

    app.decorate('metrics', {
      ...appMetrics,
      listenerAddress: () => (listener?.listening ? (listener.address() as AddressInfo) : null),
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);

function hasToken(request: FastifyRequest, token: string): boolean {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return !!match?.[1] && sameText(match[1], token);
}
