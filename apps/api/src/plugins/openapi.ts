import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 from the same zod schemas the routes validate with: JSON at /api/docs/json, UI at /api/docs. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Личный кабинет: API',
          description:
            'Sign-in, profile, organizations, plans, payments, files and the desktop hand-off; SCIM 2.0 at /scim/v2.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'header', name: 'X-Session-Id' },
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'A session token (the desktop hand-off).',
            },
            // Issue 29 (decisions 0215, 0222): the calls open to tokens list these two as well.
            personalAccessToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'cab_pat_…',
              description:
                "A personal access token ('Токены доступа'): scopes read (GET and HEAD) or read and write; " +
                "only the calls that list this scheme answer it, others 403 'Недостаточно прав у токена'.",
            },
            deviceToken: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A token of the device authorization grant (RFC 8628): POST /api/v1/oauth/device/code, then ' +
                'POST /api/v1/oauth/token; metadata at /.well-known/oauth-authorization-server. Same limits as ' +
                'a personal access token.',
            },
            // Issue 30 (decision 0287): the calls under /scim/v2 take only this one.
            scimToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'cab_scim_…',
              description:
                "An organization's SCIM token, made in its settings (POST /api/v1/rest/organizations/{id}/scim-token): " +
                "it sees and changes only that organization's members, while the owner's plan has SSO and SCIM.",
            },
          },
        },
        security: [{ session: [] }, { bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
