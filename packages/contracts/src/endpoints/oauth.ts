import { IdParamsSchema, PaginationQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  AuthorizationServerMetadataSchema,
  DeviceCodeRequestSchema,
  DeviceCodeResponseSchema,
  DeviceDecisionResponseSchema,
  DeviceDecisionSchema,
  DeviceLookupQuerySchema,
  DeviceRequestResponseSchema,
  OauthClientCreateSchema,
  OauthClientListResponseSchema,
  OauthClientResponseSchema,
  OauthClientUpdateSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '../oauth';

// The device authorization grant (issue 29; RFC 8628) and the admins' 'Приложения'. device/code, token and
// the metadata answer in OAuth's shapes (docs/decisions/0221); device and device/decision serve /app/device.

const tag = 'oauth';
const base = '/api/v1/oauth';

export const oauthEndpoints = {
  metadata: defineEndpoint({
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    tag,
    roles: ['anonymous'],
    summary: 'Authorization server metadata (RFC 8414): the endpoints, grants and scopes',
    response: AuthorizationServerMetadataSchema,
  }),
  deviceCode: defineEndpoint({
    method: 'POST',
    path: `${base}/device/code`,
    tag,
    roles: ['anonymous'],
    summary: 'Device authorization request (RFC 8628 §3.1): form-encoded or JSON {client_id, scope}',
    description:
      'Answers {device_code, user_code, verification_uri, verification_uri_complete, expires_in, interval}; ' +
      'errors are {error, error_description} (RFC 6749 §5.2), never the envelope.',
    body: DeviceCodeRequestSchema,
    response: DeviceCodeResponseSchema,
  }),
  token: defineEndpoint({
    method: 'POST',
    path: `${base}/token`,
    tag,
    roles: ['anonymous'],
    summary: 'Token request of the device grant (RFC 8628 §3.4): {grant_type, device_code, client_id}',
    description:
      'grant_type urn:ietf:params:oauth:grant-type:device_code. 400 {error: authorization_pending | slow_down | ' +
      'access_denied | expired_token | invalid_grant | invalid_client | unsupported_grant_type}, or ' +
      '{access_token, token_type: Bearer, expires_in, scope}, once per device code.',
    body: TokenRequestSchema,
    response: TokenResponseSchema,
  }),
  device: defineEndpoint({
    method: 'GET',
    path: `${base}/device`,
    tag,
    roles: ['user'],
    summary:
      "What is asking for a user code: the application, the scopes in words, the asker's address and browser",
    query: DeviceLookupQuerySchema,
    response: DeviceRequestResponseSchema,
  }),
  decision: defineEndpoint({
    method: 'POST',
    path: `${base}/device/decision`,
    tag,
    roles: ['user'],
    summary: "The signed-in person's answer to a user code: approve or deny",
    body: DeviceDecisionSchema,
    response: DeviceDecisionResponseSchema,
  }),
  clients: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/admin/oauth-clients',
    tag,
    roles: ['admin'],
    summary: "OAuth clients ('Приложения'), oldest first (admins)",
    query: PaginationQuerySchema,
    response: OauthClientListResponseSchema,
  }),
  createClient: defineEndpoint({
    method: 'POST',
    path: '/api/v1/rest/admin/oauth-clients',
    tag,
    roles: ['admin'],
    summary: 'Registers an OAuth client; its client_id is generated',
    body: OauthClientCreateSchema,
    response: OauthClientResponseSchema,
    status: 201,
  }),
  updateClient: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/rest/admin/oauth-clients/{id}',
    tag,
    roles: ['admin'],
    summary: "Renames a client, changes its scopes, or disables it (a disabled client's tokens stop)",
    params: IdParamsSchema,
    body: OauthClientUpdateSchema,
    response: OauthClientResponseSchema,
  }),
};
