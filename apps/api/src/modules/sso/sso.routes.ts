import { ssoEndpoints as e } from '@cabinet/contracts';
import type { FastifyRequest } from 'fastify';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import type { RateLimits } from '../../plugins/rate-limit';
import { adminRule } from '../auth/first-admin';
import { ssoCallback } from './sso.callback';
import { forgetState, heldState, rememberState } from './sso.flows';
import { getSsoSettings, startSsoTest, updateSsoSettings } from './sso.settings';
import { discoverSso, finishSsoSignIn, startSsoSignIn } from './sso.sign-in';

/** The anonymous calls' per-address budgets, each its own bucket (the sign-in's budget, as passkeys). */
const perIp = (bucket: string, max: number) => ({
  config: {
    rateLimit: {
      timeWindow: '1 minute',
      max,
      keyGenerator: (request: FastifyRequest) => `sso:${bucket}:${request.ip}`,
    },
  },
});

/** Redirects are never cached, and the page they leave does not tell the next one where it came from. */
const NO_STORE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

// Single sign-on (issue 30; decisions 0274–0281; docs/authorization/sso.md).
export default (rateLimits: RateLimits) =>
  routes((app) => {
    const rule = adminRule(app.config);
    return [
      handle(e.get, async (ctx, { params }) =>
        ok(await getSsoSettings(ctx, params), tr('Единый вход (SSO)')),
      ),
      handle(e.update, async (ctx, { params, body }) => {
        const { settings, message } = await updateSsoSettings(ctx, { ...params, ...body });
        return ok(settings, message);
      }),
      handle(e.test, async (ctx, { params }, _request, reply) => {
        const { url, state } = await startSsoTest(ctx, params);
        rememberState(reply, ctx.config, state);
        return ok({ url }, tr('Откройте страницу поставщика входа'));
      }),
      handle(
        e.discover,
        async (ctx, { body }) => ok(await discoverSso(ctx, body.email)),
        perIp('discover', rateLimits.loginVerify),
      ),
      handle(
        e.start,
        async (ctx, { query }, _request, reply) => {
          const { redirect, state } = await startSsoSignIn(ctx, {
            organizationId: query.organization_id,
            loginKey: query.login_key,
          });
          if (state) rememberState(reply, ctx.config, state);
          return reply.headers(NO_STORE).redirect(redirect, 302);
        },
        perIp('start', rateLimits.loginVerify),
      ),
      handle(
        e.callback,
        async (ctx, { query }, request, reply) => {
          const next = await ssoCallback(ctx, query, heldState(request));
          return reply.headers(NO_STORE).redirect(next, 302);
        },
        perIp('callback', rateLimits.loginVerify),
      ),
      handle(
        e.finish,
        async (ctx, { body }, request, reply) => {
          const held = heldState(request);
          // The state is spent whatever the outcome: the cookie goes too.
          forgetState(reply, ctx.config);
          const result = await finishSsoSignIn(
            { ...ctx, adminRule: rule },
            { response: body, heldState: held },
          );
          return ok(result, tr('Авторизация прошла успешно'));
        },
        perIp('finish', rateLimits.loginVerify),
      ),
    ];
  });
