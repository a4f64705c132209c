import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/app-error';
import { findSessionUser, type SessionUser } from '../modules/auth/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.authenticate; absent on anonymous routes. */
    auth?: SessionUser;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid session token is sent. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** onRequest hook: 401 without a session, 403 unless the user is an admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

/** The token comes in X-Session-Id (the web) or as Authorization: Bearer (the desktop app). */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers['x-session-id'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/** The signed-in user of an authenticated route (after app.authenticate). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('auth', undefined);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = readToken(request);
      if (!token || token.length > 512) throw unauthorized();
      // A database outage throws here and becomes 503 in the error handler: never a 401 (a 401 logs out).
      const user = await findSessionUser(app.prisma, token);
      if (!user) throw unauthorized('Сессия истекла или недействительна, войдите снова');
      request.auth = user;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (!request.auth?.isAdmin) throw forbidden('Доступно только администраторам');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
