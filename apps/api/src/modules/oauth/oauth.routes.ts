import { DEVICE_CODE_GRANT, oauthEndpoints as e, TOKEN_SCOPES } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOk, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { createClient, listClients, updateClient } from './clients.service';
import { exchangeDeviceCode, requestDeviceCode } from './device.service';
import { decideDeviceRequest, lookupDeviceRequest } from './device-approval.service';

// The device authorization grant and the admins' 'Приложения' (issue 29; docs/decisions/0220–0224). The
// command-line calls answer in OAuth's shape (`oauth: true`: plugins/errors.ts), with no-store.

/** Requests per address a minute on the command-line calls; past it, 429 {error: 'slow_down'}. */
export const DEVICE_CODES_PER_MINUTE = 30;
export const TOKEN_POLLS_PER_MINUTE = 120;

const limit = (bucket: string, max: number) => ({
  oauth: true,
  rateLimit: {
    timeWindow: '1 minute',
    max,
    keyGenerator: (request: FastifyRequest) => `${bucket}:${request.ip}`,
  },
});

const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

export default routes(() => [
  handle(e.metadata, async (ctx) => {
    const base = ctx.config.PUBLIC_URL;
    return {
      issuer: base,
      device_authorization_endpoint: `${base}/api/v1/oauth/device/code`,
      token_endpoint: `${base}/api/v1/oauth/token`,
      grant_types_supported: [DEVICE_CODE_GRANT],
      scopes_supported: [...TOKEN_SCOPES],
      response_types_supported: [],
      token_endpoint_auth_methods_supported: ['none'],
      service_documentation: `${base}/api/docs`,
    };
  }),
  handle(
    e.deviceCode,
    async (ctx, { body }, _request, reply) => {
      noStore(reply);
      return requestDeviceCode(ctx, body ?? {});
    },
    { config: limit('oauth-device-code', DEVICE_CODES_PER_MINUTE) },
  ),
  handle(
    e.token,
    async (ctx, { body }, _request, reply) => {
      noStore(reply);
      return exchangeDeviceCode(ctx, body ?? {});
    },
    { config: limit('oauth-token', TOKEN_POLLS_PER_MINUTE) },
  ),
  handle(e.device, async (ctx, { query }) => ok(await lookupDeviceRequest(ctx, query), tr('Запрос на вход'))),
  handle(e.decision, async (ctx, { body }) => {
    const result = await decideDeviceRequest(ctx, body);
    return ok(result, result.approved ? tr('Вход разрешён') : tr('Вход отклонён'));
  }),
  handle(e.clients, async (ctx, { query }) => {
    const page = await listClients(ctx, query);
    return listOk(page.items, page.meta, tr('Приложения'));
  }),
  handle(e.createClient, async (ctx, { body }) =>
    ok(await createClient(ctx, body), text('Приложение зарегистрировано')),
  ),
  handle(e.updateClient, async (ctx, { params, body }) =>
    ok(await updateClient(ctx, { ...params, ...body }), tr('Приложение сохранено')),
  ),
]);
