import { IdParamsSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  SsoCallbackQuerySchema,
  SsoDiscoverRequestSchema,
  SsoDiscoverResponseSchema,
  SsoFinishRequestSchema,
  SsoFinishResponseSchema,
  SsoSettingsResponseSchema,
  SsoSettingsUpdateSchema,
  SsoStartQuerySchema,
  SsoTestResponseSchema,
} from '../sso';

// Single sign-on through an organization's own OpenID Connect provider (issue 30; decisions 0274–0281;
// docs/authorization/sso.md). The settings are the owner's and the organization admins' (site admins too),
// never a token's; the sign-in calls need no session.

const tag = 'sso';
const settings = '/api/v1/rest/organizations/{id}/sso';
const auth = '/api/v1/auth/sso';

export const ssoEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: settings,
    tag,
    roles: ['user'],
    summary: "The organization's OIDC connection (never its secret), whether it works now and why not",
    params: IdParamsSchema,
    response: SsoSettingsResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: settings,
    tag,
    roles: ['user'],
    summary:
      'Saves the connection; a new issuer or client_id needs a new test; turning enforcement on ends the non-SSO sessions and the tokens of the domains',
    params: IdParamsSchema,
    body: SsoSettingsUpdateSchema,
    response: SsoSettingsResponseSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: `${settings}/test`,
    tag,
    roles: ['user'],
    summary:
      "'Проверить подключение': the provider's sign-in URL for the caller; its callback records tested_at and signs nobody in",
    params: IdParamsSchema,
    response: SsoTestResponseSchema,
  }),
  discover: defineEndpoint({
    method: 'POST',
    path: `${auth}/discover`,
    tag,
    roles: ['anonymous'],
    summary: "The sign-in screen: the organization's SSO for the address's domain ({name, url}), or null",
    body: SsoDiscoverRequestSchema,
    response: SsoDiscoverResponseSchema,
  }),
  start: defineEndpoint({
    method: 'GET',
    path: `${auth}/start`,
    tag,
    roles: ['anonymous'],
    summary:
      "302 to the organization's provider (code flow, PKCE, state, nonce); a refusal lands on the cabinet's page",
    query: SsoStartQuerySchema,
    response: null,
  }),
  callback: defineEndpoint({
    method: 'GET',
    path: `${auth}/callback`,
    tag,
    roles: ['anonymous'],
    summary:
      "The redirect URI registered at the provider: 302 into the cabinet (the sign-in's landing page, or the settings after a test)",
    query: SsoCallbackQuerySchema,
    response: null,
  }),
  finish: defineEndpoint({
    method: 'POST',
    path: `${auth}/finish`,
    tag,
    roles: ['anonymous'],
    summary:
      "The landing page: exchanges the provider's answer, checks the ID token and the address's domain, creates the member if new, opens the session",
    body: SsoFinishRequestSchema,
    response: SsoFinishResponseSchema,
  }),
};
