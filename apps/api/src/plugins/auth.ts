import { TOKEN_FORBIDDEN, TOKEN_INVALID } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findTokenUser, isPersonalToken } from '../lib/access-tokens';
import { forbidden, unauthorized } from '../lib/app-error';
import { clientUserAgent } from '../lib/client-device';
import type { Actor, RequestContext } from '../lib/context';
import { adoptAccountLocale, tr } from '../lib/i18n';
import { loadLoginCodeSecret } from '../lib/login-code-secret';
import { findSessionUser } from '../lib/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request context every service verb takes first (lib/context.ts); actor set by authenticate. */
    ctx: RequestContext;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid session token is sent. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** onRequest hook: 401 without a session, 403 unless the user is an admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /** onRequest hook of calls open to anyone that serve a signed-in caller more: a session if one is sent. */
    identify(request: FastifyRequest): Promise<void>;
    /** The clock of every request context; tests may move it (buildApp's `now`). */
    now(): Date;
  }
}

/**
 * The token comes in X-Session-Id (the web) or as Authorization: Bearer (the desktop app, a device grant's
 * token, a personal access token `cab_pat_…`).
 */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers['x-session-id'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

export default fp(
  async function auth(app: FastifyInstance, opts: { now?: () => Date }) {
    app.decorate('now', opts.now ?? (() => new Date()));
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', async (request) => {
      request.ctx = {
        actor: null,
        prisma: app.prisma,
        pool: app.db.pool,
        config: app.config,
        log: request.log,
        now: app.now(),
        ip: request.ip,
        userAgent: clientUserAgent(request.headers['user-agent']),
        // Read per request: server.ts may replace the mailer after start.
        mailer: app.mailer,
        outbox: app.outbox,
        storage: app.storage,
      };
    });

    // Personal access tokens are keyed with the sign-in code secret (decision 0215).
    const tokenSecret = await loadLoginCodeSecret(app.config.LOGIN_CODE_SECRET, app.config.DATA_DIR);
    const findActor = (request: FastifyRequest, token: string): Promise<Actor | null> =>
      isPersonalToken(token)
        ? findTokenUser(app.db, tokenSecret, token, { now: app.now(), ip: request.ip })
        : findSessionUser(app.db, token);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = readToken(request);
      if (!token || token.length > 512) throw unauthorized();
      // A database outage throws here and becomes 503 in the error handler: never a 401 (a 401 logs out).
      const actor = await findActor(request, token);
      if (!actor) {
        throw unauthorized(
          isPersonalToken(token)
            ? text(TOKEN_INVALID)
            : tr('Сессия истекла или недействительна, войдите снова'),
        );
      }
      request.ctx.actor = actor;
      adoptAccountLocale(actor.locale);
    });

    app.decorate('identify', async (request: FastifyRequest) => {
      const token = readToken(request);
      if (!token || token.length > 512) return;
      request.ctx.actor = await findActor(request, token);
      adoptAccountLocale(request.ctx.actor?.locale);
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await app.authenticate(request);
      // A token never reaches an admin call, whoever made it (decision 0216).
      if (request.ctx.actor?.token) throw forbidden(text(TOKEN_FORBIDDEN));
      if (!request.ctx.actor?.isAdmin) throw forbidden(tr('Доступно только администраторам'));
    });
  },
  { name: 'auth', dependencies: ['db', 'storage'] },
);
