import { IdParamsSchema, MessageResponseSchema, PaginationQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  RevokeSessionsResponseSchema,
  SecuritySettingsResponseSchema,
  SecuritySettingsUpdateSchema,
  SessionListResponseSchema,
  UserSessionParamsSchema,
} from '../sessions';

// Devices and sessions (issue 14; docs/authorization/sessions-and-passkeys.md): one's own under profile/,
// any user's for admins under admin/users/{id}/. The static profile/ paths win over profile/{id}.

const tag = 'sessions';
const profile = '/api/v1/rest/profile';
const admin = '/api/v1/rest/admin/users/{id}';

export const sessionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${profile}/sessions`,
    tag,
    roles: ['user'],
    summary: "The caller's sessions, newest first; `current` marks this one",
    query: PaginationQuerySchema,
    response: SessionListResponseSchema,
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: `${profile}/sessions/{id}`,
    tag,
    roles: ['user'],
    summary: "Ends one of the caller's sessions (404 for anyone else's)",
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
  revokeOthers: defineEndpoint({
    method: 'POST',
    path: `${profile}/sessions/revoke-others`,
    tag,
    roles: ['user'],
    summary: "Ends every session of the caller but this one ('Выйти на всех других устройствах')",
    response: RevokeSessionsResponseSchema,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: `${profile}/security-settings`,
    tag,
    roles: ['user'],
    summary: "The caller's security switches: the new-device mail",
    response: SecuritySettingsResponseSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: `${profile}/security-settings`,
    tag,
    roles: ['user'],
    summary: 'Switches the new-device mail on or off',
    body: SecuritySettingsUpdateSchema,
    response: SecuritySettingsResponseSchema,
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: `${admin}/sessions`,
    tag,
    roles: ['admin'],
    summary: "A user's sessions, newest first (admins)",
    params: IdParamsSchema,
    query: PaginationQuerySchema,
    response: SessionListResponseSchema,
  }),
  adminRevoke: defineEndpoint({
    method: 'DELETE',
    path: `${admin}/sessions/{sid}`,
    tag,
    roles: ['admin'],
    summary: "Ends one of a user's sessions (admins; 404 when it is not that user's)",
    params: UserSessionParamsSchema,
    response: MessageResponseSchema,
  }),
};
