import { envelope } from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unavailable } from '../../lib/app-error';

const StatusSchema = envelope(z.object({ status: z.string() }));

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: StatusSchema } } },
    async () => ({ success: true as const, message: '', data: { status: 'ok' } }),
  );

  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'The database answers', response: { 200: StatusSchema } } },
    async (request) => {
      try {
        await app.db.pool.query('SELECT 1');
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw unavailable('База данных недоступна');
      }
      return { success: true as const, message: '', data: { status: 'ready' } };
    },
  );
};

export default healthRoutes;
