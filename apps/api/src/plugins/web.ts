import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUp } from '../lib/find-up';
import { tr } from '../lib/i18n';

/**
 * Serves the production build of the cabinet at /app/. Unknown /app/* paths get index.html so the
 * client router decides (its not-found page included); `/` redirects to /app/.
 */
export default fp(
  async function web(app: FastifyInstance, opts: { webDist?: string | null }) {
    const dist = opts.webDist === undefined ? findUp('apps/web/dist') : opts.webDist;
    const index = dist ? path.join(dist, 'index.html') : null;

    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));

    if (!dist || !index || !fs.existsSync(index)) {
      app.log.warn('apps/web/dist not found: run `pnpm build` to serve the cabinet at /app/');
      app.get('/app/*', { schema: { hide: true } }, (_request, reply) =>
        reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(tr('Веб-кабинет не собран. Выполните `pnpm build` и перезапустите сервер.')),
      );
      return;
    }

    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/app/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts); send the best one the
      // browser accepts.
      preCompressed: true,
      // Hashed assets are immutable; index.html must always be revalidated.
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    const sendIndex = (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
    // '/app' and '/app/' are one route (ignoreTrailingSlash, app.ts): both serve the cabinet.
    app.get('/app/', { schema: { hide: true } }, sendIndex);
    app.get('/app/*', { schema: { hide: true } }, (request, reply) => {
      const rel = (request.params as { '*': string })['*'];
      const file = path.join(dist, rel);
      if (rel && file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(rel, dist);
      }
      if (rel.startsWith('assets/')) return reply.callNotFound();
      return sendIndex(request, reply);
    });
  },
  { name: 'web' },
);
