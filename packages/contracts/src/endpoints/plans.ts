import { IdParamsSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  PlanCreateRequestSchema,
  PlanDeleteResponseSchema,
  PlanDeletionResponseSchema,
  PlanListQuerySchema,
  PlanListResponseSchema,
  PlanResponseSchema,
  PlanUpdateRequestSchema,
} from '../plans';

// Plans (tariffs, "subscribes"): any signed-in user reads, admins write
// (docs/authorization/plans-and-payments.md). Checkout (get-subscribe-info) is with the payments.

const tag = 'plans';
const base = '/api/v1/rest/subscribes';

export const plansEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Plans: page, perPage, sort_by, order and filters (docs/decisions/0020-plan-list-query.md)',
    query: PlanListQuerySchema,
    response: PlanListResponseSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/{id}`,
    tag,
    roles: ['user'],
    summary: 'One plan',
    params: IdParamsSchema,
    response: PlanResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    tag,
    roles: ['admin'],
    summary: 'Create a plan (admins)',
    body: PlanCreateRequestSchema,
    response: PlanResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/{id}`,
    tag,
    roles: ['admin'],
    summary: 'Edit a plan (admins); description may be left out',
    params: IdParamsSchema,
    body: PlanUpdateRequestSchema,
    response: PlanResponseSchema,
  }),
  deletion: defineEndpoint({
    method: 'GET',
    path: `${base}/{id}/deletion`,
    tag,
    roles: ['admin'],
    summary: 'Whether the plan can be deleted now, the reason if not and how many users hold it (admins)',
    params: IdParamsSchema,
    response: PlanDeletionResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${base}/{id}`,
    tag,
    roles: ['admin'],
    summary: 'Delete a plan nobody holds or paid for (admins); 409 with the reason otherwise',
    params: IdParamsSchema,
    response: PlanDeleteResponseSchema,
  }),
};
