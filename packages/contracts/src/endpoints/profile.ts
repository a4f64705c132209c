import { envelope, IdParamsSchema, MessageResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  AccountDeletePreviewResponseSchema,
  EmailConfirmRequestSchema,
  ProfileSchema,
  ProfileUpdateRequestSchema,
  ProfileUpdateResponseSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserSearchResponseSchema,
} from '../profile';

// The profile, and the user lists (docs/authorization/profile-and-users.md).

const tag = 'profile';
const base = '/api/v1/rest/profile';

export const ProfileResponseSchema = envelope(ProfileSchema);

export const profileEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: `${base}/me`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'The signed-in user',
    response: ProfileResponseSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: `${base}/list`,
    tag,
    roles: ['user'],
    summary: 'Users: admins see everyone, others the members of their organizations',
    query: UserListQuerySchema,
    response: UserListResponseSchema,
  }),
  search: defineEndpoint({
    method: 'GET',
    path: `${base}/search`,
    tag,
    roles: ['user'],
    summary: 'Find users: the exact e-mail for everyone; substring of e-mail or name, or id, for admins',
    query: UserListQuerySchema,
    response: UserSearchResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/{id}`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'A user as profile/me shows them (self or admin)',
    params: IdParamsSchema,
    response: ProfileResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/update/{id}`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Update name, e-mail or avatar (self or admin)',
    params: IdParamsSchema,
    body: ProfileUpdateRequestSchema,
    response: ProfileUpdateResponseSchema,
  }),
  confirmEmail: defineEndpoint({
    method: 'POST',
    path: `${base}/confirm-email`,
    tag,
    roles: ['user'],
    summary: 'Confirms a pending e-mail change with the code mailed to the new address',
    body: EmailConfirmRequestSchema,
    response: ProfileUpdateResponseSchema,
  }),
  deletePreview: defineEndpoint({
    method: 'GET',
    path: `${base}/delete-preview/{id}`,
    tag,
    roles: ['user'],
    summary: 'The organizations that are deleted with the account (self or admin)',
    params: IdParamsSchema,
    response: AccountDeletePreviewResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${base}/delete/{id}`,
    tag,
    roles: ['user'],
    summary: 'Delete the account with the organizations it owns (self or admin; never the last admin)',
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
};
