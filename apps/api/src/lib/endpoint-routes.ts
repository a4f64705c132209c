import {
  ANONYMOUS_BODY_LIMIT,
  DEFAULT_BODY_LIMIT,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  TOKEN_FORBIDDEN,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { forbidden, unauthorized } from './app-error';
import type { RequestContext, SignedInContext } from './context';

// Routes are made from the contracts' endpoint table (docs/architecture.md): the entry gives the method,
// path, schemas, roles and OpenAPI text; a module gives the handler. So a call is one table entry, one
// service verb and one `handle(entry, handler)`.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry the route was made from. */
    endpoint?: EndpointDefinition;
  }
}

/** Whether a route was made from the endpoint table (app.ts refuses any other under /api/). */
export const isTableRoute = (route: RouteOptions) => route.config?.endpoint !== undefined;

/** A call that declares no query string refuses one, like any unknown field (400). */
const NoQuerySchema = z.object({}).strict();

type ContextFor<E extends EndpointDefinition> = 'anonymous' extends E['roles'][number]
  ? RequestContext
  : SignedInContext;

export interface HandlerInput<E extends EndpointDefinition> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
}

/**
 * A handler: the request context and the validated input in, the success envelope out (built with ok()
 * or listOk()). Answers that are not JSON (a file, an HTML page, a redirect) are sent on `reply` and the
 * reply is returned.
 */
export type Handler<E extends EndpointDefinition> = (
  ctx: ContextFor<E>,
  input: HandlerInput<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<(E['response'] extends z.ZodType ? EndpointResponse<E> : never) | FastifyReply>;

export interface RouteBinding {
  endpoint: EndpointDefinition;
  handler: Handler<EndpointDefinition>;
  /** Route config: a rate limit of its own, for example. */
  config?: FastifyContextConfig & Record<string, unknown>;
}

export const handle = <E extends EndpointDefinition>(
  endpoint: E,
  handler: Handler<E>,
  options: { config?: RouteBinding['config'] } = {},
): RouteBinding => ({ endpoint, handler: handler as unknown as Handler<EndpointDefinition>, ...options });

/** '/api/v1/rest/organizations/{id}' → '/api/v1/rest/organizations/:id' */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Anonymous alone: no session is read. Anonymous and user: a session is used if one is sent. */
function authHook(app: FastifyInstance, { roles }: EndpointDefinition) {
  if (roles.includes('anonymous')) return roles.includes('user') ? app.identify : undefined;
  if (roles.includes('user')) return app.authenticate;
  return app.requireAdmin;
}

/**
 * After authentication: a token caller (a personal access token or a device grant's token) reaches only the
 * rows with `tokens: true`, and a 'read' token only their GET and HEAD (decision 0216).
 */
function tokenGate({ tokens }: EndpointDefinition) {
  return async (request: FastifyRequest) => {
    const token = request.ctx.actor?.token;
    if (!token) return;
    if (!tokens) throw forbidden(text(TOKEN_FORBIDDEN));
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (!reads && !token.scopes.includes('write')) throw forbidden(text(TOKEN_FORBIDDEN));
  };
}

type Security = { security?: Record<string, string[]>[] };

/** A row open to tokens also names the two token schemes (plugins/openapi.ts). */
const TOKEN_SECURITY: Record<string, string[]>[] = [
  { session: [] },
  { bearer: [] },
  { personalAccessToken: [] },
  { deviceToken: [] },
];

function security({ roles, tokens, auth }: EndpointDefinition): Security {
  // SCIM's calls take the organization's SCIM token, never a session (issue 30).
  if (auth === 'scim-token') return { security: [{ scimToken: [] }] };
  if (!roles.includes('anonymous')) return tokens ? { security: TOKEN_SECURITY } : {};
  if (!roles.includes('user')) return { security: [] };
  return { security: [{}, ...(tokens ? TOKEN_SECURITY : [{ session: [] }, { bearer: [] }])] };
}

/**
 * The route's body limit (decision 0192): uploads keep their own (multipart limits); an anonymous call
 * never more than 16 KB; anything else what its entry says, 16 KB by default.
 */
export function bodyLimitOf(endpoint: EndpointDefinition): number | undefined {
  if (endpoint.consumes === 'multipart/form-data') return undefined;
  const limit = endpoint.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return endpoint.roles.includes('anonymous') ? Math.min(limit, ANONYMOUS_BODY_LIMIT) : limit;
}

function registerRoute(app: FastifyInstance, { endpoint, handler, config }: RouteBinding) {
  const status = endpoint.status ?? 200;
  const anonymous = endpoint.roles.includes('anonymous');
  const onRequest = authHook(app, endpoint);
  const bodyLimit = bodyLimitOf(endpoint);
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    ...(bodyLimit !== undefined ? { bodyLimit } : {}),
    ...(onRequest ? { onRequest: [onRequest, tokenGate(endpoint)] } : {}),
    config: { ...config, endpoint },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...security(endpoint),
      ...(endpoint.consumes ? { consumes: [endpoint.consumes] } : {}),
      ...(endpoint.produces ? { produces: [endpoint.produces] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      querystring: endpoint.query ?? NoQuerySchema,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { [status]: endpoint.response } } : {}),
    },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      if (!anonymous && !ctx.actor) throw unauthorized();
      const input = { params: request.params, query: request.query, body: request.body } as HandlerInput<
        typeof endpoint
      >;
      const result = await handler(ctx as SignedInContext, input, request, reply);
      if (result === reply) return reply;
      if (status !== 200) reply.status(status);
      return result;
    },
  });
}

/**
 * A module's routes as a Fastify plugin (its own encapsulation context, for parsers such as multipart).
 * `bind` may prepare what the handlers share (a secret read at start) before returning them.
 */
export function routes(
  bind: (app: FastifyInstance) => RouteBinding[] | Promise<RouteBinding[]>,
): FastifyPluginAsync {
  return async (app) => {
    for (const binding of await bind(app)) registerRoute(app, binding);
  };
}
