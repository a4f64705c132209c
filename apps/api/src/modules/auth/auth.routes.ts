import { authEndpoints as e, WEB_LOGIN_KEY } from '@cabinet/contracts';
import type { FastifyRequest } from 'fastify';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { currentLocale, tr, withLocale } from '../../lib/i18n';
import type { RateLimits } from '../../plugins/rate-limit';
import {
  CODE_SENT_MESSAGE,
  type SignInContext,
  sendLoginCode,
  signOut,
  verifyLoginCode,
} from './auth.service';
import { adminRule } from './first-admin';
import { loadLoginCodeSecret } from './login-code-secret';
import { clearedFlowCookie, exchangeLanding } from './redirect-landing';
import { countedSignIn } from './sign-in';

const step = (body: unknown) =>
  body && typeof body === 'object' && 'code' in body && body.code !== undefined ? 'verify' : 'send';

/** `rateLimits`: the per-IP budgets of the two sign-in steps (app.ts; tests set their own). */
export default (rateLimits: RateLimits) =>
  routes(async (app) => {
    const codeSecret = await loadLoginCodeSecret(app.config.LOGIN_CODE_SECRET, app.config.DATA_DIR);
    const rule = adminRule(app.config);

    return [
      handle(
        e.login,
        async (ctx, { body }) => {
          const signIn: SignInContext = { ...ctx, codeSecret, adminRule: rule };
          const { email, code, device_token: deviceToken } = body;
          const loginKey = body.loginKey || WEB_LOGIN_KEY;
          if (code === undefined) {
            // Before sign-in the mail speaks the screen's language: its switch, else the request's (0303).
            return withLocale(body.locale ?? currentLocale(), async () => {
              await sendLoginCode(signIn, { email, loginKey, deviceToken, locale: body.locale });
              return ok(null, tr(CODE_SENT_MESSAGE));
            });
          }
          return ok(
            await countedSignIn('code', loginKey, () =>
              verifyLoginCode(signIn, { email, code, loginKey, deviceToken }),
            ),
            tr('Авторизация прошла успешно'),
          );
        },
        {
          config: {
            // Every request from the address, counted before its body is read: a bad or huge body is
            // counted too (decision 0192). The two steps' own budgets below need the body to tell them
            // apart; this one is twice their sum, so refused tries within them never reach it.
            addressLimit: {
              name: 'login-any',
              timeWindow: '1 minute',
              max: 2 * (rateLimits.loginSend + rateLimits.loginVerify),
            },
            rateLimit: {
              // Both steps are one route; each has its own per-IP budget. Runs after the body is parsed.
              // request.ip is the connecting address unless TRUST_PROXY names it as a proxy (decision 0080).
              hook: 'preHandler',
              timeWindow: '1 minute',
              keyGenerator: (request: FastifyRequest) => `login:${step(request.body)}:${request.ip}`,
              max: (request: FastifyRequest) =>
                step(request.body) === 'verify' ? rateLimits.loginVerify : rateLimits.loginSend,
            },
          },
        },
      ),

      // A sign-in finished at an outside provider (decision 0283): the landing's one-time code, with this
      // browser's flow cookie, for the session. Limited per address as a code check is.
      handle(
        e.landing,
        async (ctx, { body }, request, reply) => {
          const result = await exchangeLanding(
            { ...ctx, adminRule: rule },
            { code: body.code, loginKey: body.loginKey || WEB_LOGIN_KEY },
            request.headers.cookie,
          );
          reply.header('set-cookie', clearedFlowCookie(ctx.config));
          return ok(result, tr('Авторизация прошла успешно'));
        },
        {
          config: {
            rateLimit: {
              timeWindow: '1 minute',
              max: rateLimits.loginVerify,
              keyGenerator: (request: FastifyRequest) => `landing:${request.ip}`,
            },
          },
        },
      ),

      handle(e.logout, async (ctx) => {
        await signOut(ctx);
        return ok(null, tr('Вы вышли из системы'));
      }),
    ];
  });
