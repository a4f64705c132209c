import { identitiesEndpoints as e } from '@cabinet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { yandexIdConfig } from '../../adapters/yandex-id';
import { AppError } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { countSignIn } from '../../lib/metrics';
import type { RateLimits } from '../../plugins/rate-limit';
import type { FlowPurpose } from '../auth/identity-flows';
import {
  clearedFlowCookie,
  flowCookie,
  landingErrorPage,
  landingUrl,
  sendPage,
  sendRedirect,
} from '../auth/redirect-landing';
import { listIdentities, unlinkIdentity } from './identities.service';
import {
  type CallbackInput,
  finishYandex,
  requireYandex,
  startYandexLink,
  startYandexSignIn,
  takeYandexFlow,
} from './yandex.service';

/** The browser calls share the sign-in's per-IP budgets, each its own bucket. */
const perIp = (bucket: string, max: number) => ({
  config: {
    rateLimit: {
      timeWindow: '1 minute',
      max,
      keyGenerator: (request: FastifyRequest) => `yandex:${bucket}:${request.ip}`,
    },
  },
});

/** Where a refused callback sends the person back: the sign-in screen, or 'Безопасность' for a link. */
const backOf = (ctx: RequestContext, purpose: FlowPurpose) =>
  purpose === 'link'
    ? { href: `${ctx.config.PUBLIC_URL}/app/settings/security`, label: tr('Вернуться в «Безопасность»') }
    : { href: `${ctx.config.PUBLIC_URL}/app/auth-app`, label: tr('Вернуться ко входу') };

// Yandex ID sign-in and linked accounts (issue 30; decisions 0282–0285). The routes always exist (the
// table's); without YANDEX_CLIENT_ID and YANDEX_CLIENT_SECRET the Yandex calls answer 404.
export default (rateLimits: RateLimits) =>
  routes((app) => {
    const yandex = yandexIdConfig(app.config);

    const callback = async (
      ctx: RequestContext,
      query: CallbackInput,
      cookie: string | undefined,
      reply: FastifyReply,
    ) => {
      let purpose: FlowPurpose = 'sign-in';
      try {
        const config = requireYandex(yandex);
        const flow = await takeYandexFlow(ctx, query, cookie);
        purpose = flow.purpose as FlowPurpose;
        const outcome = await finishYandex(ctx, config, flow, query);
        if (outcome.kind === 'linked')
          return sendRedirect(
            reply,
            `${ctx.config.PUBLIC_URL}/app/settings/security?linked=yandex`,
            clearedFlowCookie(ctx.config),
          );
        // The cookie stays: the landing's exchange checks it once more.
        return sendRedirect(reply, landingUrl(ctx.config, outcome.landingCode));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (purpose === 'sign-in') countSignIn('yandex', 'failure');
        const title = purpose === 'link' ? tr('Яндекс ID не привязан') : undefined;
        reply.header('set-cookie', clearedFlowCookie(ctx.config));
        return sendPage(
          reply,
          error.statusCode,
          landingErrorPage({ title, message: error.message, back: backOf(ctx, purpose) }),
        );
      }
    };

    return [
      handle(
        e.yandexStart,
        async (ctx, _input, _request, reply) => {
          const { url, state } = await startYandexSignIn(ctx, yandex);
          return sendRedirect(reply, url, flowCookie(ctx.config, state));
        },
        perIp('start', rateLimits.loginSend),
      ),
      handle(
        e.yandexCallback,
        (ctx, { query }, request, reply) => callback(ctx, query, request.headers.cookie, reply),
        perIp('callback', rateLimits.loginVerify),
      ),
      handle(e.list, async (ctx) => ok(await listIdentities(ctx), tr('Связанные аккаунты'))),
      handle(e.linkYandex, async (ctx, _input, _request, reply) => {
        const { url, state } = await startYandexLink(ctx, yandex);
        reply.header('set-cookie', flowCookie(ctx.config, state));
        return ok({ url }, tr('Перейдите в Яндекс ID'));
      }),
      handle(e.delete, async (ctx, { params }) => {
        await unlinkIdentity(ctx, params);
        return ok(null, tr('Яндекс ID отвязан'));
      }),
    ];
  });
