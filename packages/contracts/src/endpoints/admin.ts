import { IdParamsSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { CountResponseSchema } from '../plans';
import {
  AdminUserBlockResponseSchema,
  AdminUserLogoutResponseSchema,
  UsersCountResponseSchema,
} from '../users';

// The admin home's counts and the admin actions on a user (admins only; never against oneself).

const tag = 'admin';
const base = '/api/v1/rest/admin';

export const adminEndpoints = {
  usersCount: defineEndpoint({
    method: 'GET',
    path: `${base}/users-count`,
    tag,
    roles: ['admin'],
    summary: 'How many users there are, and how many of them have not confirmed their e-mail (admins)',
    response: UsersCountResponseSchema,
  }),
  organizationsCount: defineEndpoint({
    method: 'GET',
    path: `${base}/organizations-count`,
    tag,
    roles: ['admin'],
    summary: 'How many organizations there are (admins)',
    response: CountResponseSchema,
  }),
  plansCount: defineEndpoint({
    method: 'GET',
    path: `${base}/subscribes-count`,
    tag,
    roles: ['admin'],
    summary: 'How many plans there are (admins)',
    response: CountResponseSchema,
  }),
  logoutUser: defineEndpoint({
    method: 'POST',
    path: `${base}/users/{id}/logout`,
    tag,
    roles: ['admin'],
    summary: "End all of the user's sessions ('Разлогинить')",
    params: IdParamsSchema,
    response: AdminUserLogoutResponseSchema,
  }),
  blockUser: defineEndpoint({
    method: 'POST',
    path: `${base}/users/{id}/block`,
    tag,
    roles: ['admin'],
    summary: "Block sign-in and end all sessions ('Заблокировать')",
    params: IdParamsSchema,
    response: AdminUserBlockResponseSchema,
  }),
  unblockUser: defineEndpoint({
    method: 'POST',
    path: `${base}/users/{id}/unblock`,
    tag,
    roles: ['admin'],
    summary: 'Allow sign-in again',
    params: IdParamsSchema,
    response: AdminUserBlockResponseSchema,
  }),
};
