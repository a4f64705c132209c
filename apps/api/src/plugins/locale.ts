import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localeOfRequest, runInRequestLocale } from '../lib/i18n';

// Every request runs in its language (lib/i18n.ts, decision 0302): the first onRequest hook opens the
// AsyncLocalStorage and Fastify goes on inside it (as @fastify/request-context does), so later hooks,
// validation, the handler and the error handler all render their texts in it.
export default fp(
  async function locale(app: FastifyInstance) {
    app.addHook('onRequest', (request, _reply, done) => runInRequestLocale(localeOfRequest(request), done));
  },
  { name: 'locale' },
);
