import {
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  WEB_LOGIN_KEY,
} from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteSession } from '../../lib/sessions';
import { currentUser } from '../../plugins/auth';
import type { RateLimits } from '../../plugins/rate-limit';
import { type AuthDeps, CODE_SENT_MESSAGE, sendLoginCode, verifyLoginCode } from './auth.service';
import { adminRule } from './first-admin';
import { loadLoginCodeSecret } from './login-code-secret';

export interface AuthRoutesOptions {
  rateLimits: RateLimits;
  adminEmails: string[];
  desktopScheme: string;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const codeSecret = await loadLoginCodeSecret(app.config.LOGIN_CODE_SECRET, app.config.DATA_DIR);
  const rule = adminRule({ ...app.config, ADMIN_EMAILS: opts.adminEmails });
  // app.mailer may be replaced after start (server.ts), so it is read per request.
  const deps = (): AuthDeps => ({
    prisma: app.prisma,
    mailer: app.mailer,
    adminEmails: opts.adminEmails,
    adminRule: rule,
    desktopScheme: opts.desktopScheme,
    codeSecret,
  });
  const step = (body: unknown) =>
    body && typeof body === 'object' && 'code' in body && body.code !== undefined ? 'verify' : 'send';

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: {loginKey, email} mails a code; {loginKey, email, code} opens a session',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema },
      },
      config: {
        rateLimit: {
          // Both steps are one route; each has its own per-IP budget. Runs after the body is parsed.
          // request.ip is the connecting address unless TRUST_PROXY names it as a proxy (decision 0080).
          hook: 'preHandler',
          timeWindow: '1 minute',
          keyGenerator: (request) => `login:${step(request.body)}:${request.ip}`,
          max: (request) =>
            step(request.body) === 'verify' ? opts.rateLimits.loginVerify : opts.rateLimits.loginSend,
        },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      const loginKey = request.body.loginKey || WEB_LOGIN_KEY;
      if (code === undefined) {
        await sendLoginCode(deps(), email, loginKey);
        return { success: true as const, message: CODE_SENT_MESSAGE, data: null };
      }
      const data = await verifyLoginCode(deps(), email, code, loginKey, request.ip);
      return { success: true as const, message: 'Авторизация прошла успешно', data };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Ends this session', response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      await deleteSession(app.prisma, currentUser(request).sessionId);
      return { success: true as const, message: 'Вы вышли из системы', data: null };
    },
  );
};

export default authRoutes;
