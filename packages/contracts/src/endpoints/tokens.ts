import { IdParamsSchema, MessageResponseSchema, PaginationQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  PersonalTokenCreatedResponseSchema,
  PersonalTokenCreateSchema,
  PersonalTokenListResponseSchema,
  UserTokenParamsSchema,
} from '../tokens';

// Personal access tokens (issue 29; docs/decisions/0215-personal-access-tokens.md): one's own under
// profile/tokens, any user's for admins. Token management is closed to tokens (no `tokens: true`).

const tag = 'tokens';
const profile = '/api/v1/rest/profile/tokens';
const admin = '/api/v1/rest/admin/users/{id}/tokens';

export const tokensEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: profile,
    tag,
    roles: ['user'],
    summary: "The caller's live personal access tokens, newest first (never the tokens themselves)",
    query: PaginationQuerySchema,
    response: PersonalTokenListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: profile,
    tag,
    roles: ['user'],
    summary:
      'Makes a personal access token; the token is in data.token of this answer only (20 live at most)',
    body: PersonalTokenCreateSchema,
    response: PersonalTokenCreatedResponseSchema,
    status: 201,
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: `${profile}/{id}`,
    tag,
    roles: ['user'],
    summary: "Revokes one of the caller's tokens (404 for anyone else's); its next request answers 401",
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: admin,
    tag,
    roles: ['admin'],
    summary: "A user's live personal access tokens (admins)",
    params: IdParamsSchema,
    query: PaginationQuerySchema,
    response: PersonalTokenListResponseSchema,
  }),
  adminRevoke: defineEndpoint({
    method: 'DELETE',
    path: `${admin}/{tid}`,
    tag,
    roles: ['admin'],
    summary: "Revokes one of a user's tokens (admins; 404 when it is not that user's)",
    params: UserTokenParamsSchema,
    response: MessageResponseSchema,
  }),
};
