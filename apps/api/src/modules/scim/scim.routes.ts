import { scimEndpoints as e, SCIM_MEDIA_TYPE, SCIM_UNAVAILABLE } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../lib/context';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { loadLoginCodeSecret } from '../../lib/login-code-secret';
import { isScimRoute, SCIM_WORDS, ScimError } from '../../lib/scim-error';
import { jsonBodyParser } from '../../plugins/json-bodies';
import type { RateLimits } from '../../plugins/rate-limit';
import { ssoAvailable } from '../sso/enforcement';
import { scimResourceTypes, scimSchemas, serviceProviderConfig } from './scim-discovery';
import type { ScimContext } from './scim-membership';
import { findScimTokenOrganization } from './scim-token';
import { createScimToken, getScimToken } from './scim-token.service';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from './scim-users.service';

// SCIM 2.0 (issue 30; docs/decisions/0286–0289): the organization's token in its settings, and the calls
// under /scim/v2. Those take `Authorization: Bearer cab_scim_…` (never a session), work only while the
// owner's plan has SSO and SCIM, answer application/scim+json and fail in SCIM's shape (`scim: true`:
// plugins/errors.ts). Each token has a request budget a minute; past it, 429 tooMany with Retry-After.

/** SCIM requests a minute per organization's token: a provider's full sync of a few thousand people paces itself. */
export const SCIM_REQUESTS_PER_MINUTE = 600;

declare module 'fastify' {
  interface FastifyRequest {
    /** The organization whose SCIM token came with the request (set before the handler, SCIM calls only). */
    scimOrganizationId?: number;
  }
}

const readBearer = (request: FastifyRequest) =>
  /^Bearer\s+(\S{1,512})\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;

const scimType = (reply: FastifyReply) => reply.type(`${SCIM_MEDIA_TYPE}; charset=utf-8`);

export default (limits: Partial<RateLimits> = {}) =>
  routes(async (app) => {
    const tokenSecret = await loadLoginCodeSecret(app.config.LOGIN_CODE_SECRET, app.config.DATA_DIR);
    // SCIM clients send application/scim+json (RFC 7644 §3.1); read as JSON, in this plugin only.
    app.addContentTypeParser(SCIM_MEDIA_TYPE, jsonBodyParser(app));
    app.decorateRequest('scimOrganizationId', undefined);
    // One budget for all the calls of a token (Redis when configured, as every limit: decision 0061).
    const budget = app.createRateLimit({
      timeWindow: '1 minute',
      max: limits.scimRequests ?? SCIM_REQUESTS_PER_MINUTE,
      keyGenerator: (request) => `scim:${request.scimOrganizationId}`,
    });
    // Before any body is read: a wrong token or a spent budget changes nothing and reads nothing more.
    app.addHook('onRequest', async (request) => {
      if (!isScimRoute(request)) return;
      const token = readBearer(request);
      const organizationId = token
        ? await findScimTokenOrganization(app.prisma, tokenSecret, token, request.ctx.now)
        : null;
      if (organizationId === null) throw new ScimError(401, SCIM_WORDS.unauthorized());
      request.scimOrganizationId = organizationId;
      const spent = await budget(request);
      if (!spent.isAllowed && spent.isExceeded) {
        const seconds = String(Math.max(1, spent.ttlInSeconds));
        throw new ScimError(429, SCIM_WORDS.tooMany(), 'tooMany', { 'retry-after': seconds });
      }
      if (!(await ssoAvailable(app.prisma, organizationId, request.ctx)))
        throw new ScimError(403, text(SCIM_UNAVAILABLE));
    });

    const config = { scim: true };
    const scim = (ctx: RequestContext, request: FastifyRequest): ScimContext => ({
      ...ctx,
      organizationId: request.scimOrganizationId as number,
    });

    return [
      handle(e.token, async (ctx, { params }) => ok(await getScimToken(ctx, params), tr('Токен SCIM'))),
      handle(e.createToken, async (ctx, { params }) =>
        ok(
          await createScimToken({ ...ctx, tokenSecret }, params),
          tr('Токен SCIM создан. Скопируйте его: он показан один раз'),
        ),
      ),
      handle(
        e.serviceProviderConfig,
        async (ctx, _input, _request, reply) => {
          scimType(reply);
          return serviceProviderConfig(ctx.config.PUBLIC_URL);
        },
        { config },
      ),
      handle(
        e.schemas,
        async (ctx, _input, _request, reply) => {
          scimType(reply);
          return scimSchemas(ctx.config.PUBLIC_URL);
        },
        { config },
      ),
      handle(
        e.resourceTypes,
        async (ctx, _input, _request, reply) => {
          scimType(reply);
          return scimResourceTypes(ctx.config.PUBLIC_URL);
        },
        { config },
      ),
      handle(
        e.users,
        async (ctx, { query }, request, reply) => {
          scimType(reply);
          return listScimUsers(scim(ctx, request), query);
        },
        { config },
      ),
      handle(
        e.createUser,
        async (ctx, { body }, request, reply) => {
          const user = await createScimUser(scim(ctx, request), body);
          scimType(reply).header('location', user.meta.location);
          return user;
        },
        { config },
      ),
      handle(
        e.user,
        async (ctx, { params }, request, reply) => {
          scimType(reply);
          return getScimUser(scim(ctx, request), params);
        },
        { config },
      ),
      handle(
        e.replaceUser,
        async (ctx, { params, body }, request, reply) => {
          scimType(reply);
          return replaceScimUser(scim(ctx, request), { id: params.id, body });
        },
        { config },
      ),
      handle(
        e.patchUser,
        async (ctx, { params, body }, request, reply) => {
          scimType(reply);
          return patchScimUser(scim(ctx, request), {
            id: params.id,
            schemas: body.schemas,
            operations: body.Operations,
          });
        },
        { config },
      ),
      handle(
        e.deleteUser,
        async (ctx, { params }, request, reply) => {
          await deleteScimUser(scim(ctx, request), params);
          return reply.status(204).send();
        },
        { config },
      ),
    ];
  });
