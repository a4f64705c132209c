import type { z } from 'zod';
import { IdParamsSchema, MessageResponseSchema } from '../common';
import { defineEndpoint, type EndpointDefinition } from '../endpoint';
import {
  AdminDeliveryParamsSchema,
  AdminWebhookParamsSchema,
  OrganizationDeliveryParamsSchema,
  OrganizationWebhookParamsSchema,
  WebhookCreateSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookListResponseSchema,
  WebhookResponseSchema,
  WebhookSecretResponseSchema,
  WebhookUpdateSchema,
  WebhookWithSecretResponseSchema,
} from '../webhooks';

// Webhook endpoints (issue 31; docs/authorization/webhooks.md, decision 0250): an organization's, managed by
// its owner and organization admins (and site admins), and install-wide ones, managed by site admins.

const tag = 'webhooks';
const org = '/api/v1/rest/organizations/{id}/webhooks';
const admin = '/api/v1/rest/admin/webhooks';

/** The same nine calls under a base path, for organization (roles user) or install (roles admin). */
function calls<
  B extends string,
  R extends 'user' | 'admin',
  L extends { params?: z.ZodType },
  O extends z.ZodType,
  D extends z.ZodType,
>(base: B, role: R, params: L, one: O, delivery: D) {
  const whose = role === 'user' ? "the organization's" : 'install-wide';
  const roles = [role] as const;
  return {
    list: defineEndpoint({
      method: 'GET',
      path: base,
      tag,
      roles,
      summary: `Lists ${whose} webhook endpoints`,
      ...params,
      response: WebhookListResponseSchema,
    }),
    create: defineEndpoint({
      method: 'POST',
      path: base,
      tag,
      roles,
      summary: `Adds ${whose === 'install-wide' ? 'an install-wide' : 'an organization'} webhook endpoint; answers its secret`,
      ...params,
      body: WebhookCreateSchema,
      response: WebhookWithSecretResponseSchema,
      status: 201,
    }),
    get: defineEndpoint({
      method: 'GET',
      path: `${base}/{wid}`,
      tag,
      roles,
      summary: 'One webhook endpoint',
      params: one,
      response: WebhookResponseSchema,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${base}/{wid}`,
      tag,
      roles,
      summary: 'Changes a webhook endpoint (url, description, event_types, enabled)',
      params: one,
      body: WebhookUpdateSchema,
      response: WebhookResponseSchema,
    }),
    delete: defineEndpoint({
      method: 'DELETE',
      path: `${base}/{wid}`,
      tag,
      roles,
      summary: 'Deletes a webhook endpoint with its deliveries',
      params: one,
      response: MessageResponseSchema,
    }),
    secret: defineEndpoint({
      method: 'GET',
      path: `${base}/{wid}/secret`,
      tag,
      roles,
      summary: "'Показать секрет': the signing secret",
      params: one,
      response: WebhookSecretResponseSchema,
    }),
    rotateSecret: defineEndpoint({
      method: 'POST',
      path: `${base}/{wid}/rotate-secret`,
      tag,
      roles,
      summary: 'A new secret; the old one keeps signing beside it for 24 h',
      params: one,
      response: WebhookWithSecretResponseSchema,
    }),
    test: defineEndpoint({
      method: 'POST',
      path: `${base}/{wid}/test`,
      tag,
      roles,
      summary: "'Тест': sends a webhook.test event now and answers its delivery",
      params: one,
      response: WebhookDeliveryResponseSchema,
    }),
    deliveries: defineEndpoint({
      method: 'GET',
      path: `${base}/{wid}/deliveries`,
      tag,
      roles,
      summary: 'The deliveries of an endpoint, newest first, in keyset pages (before, limit)',
      params: one,
      query: WebhookDeliveriesQuerySchema,
      response: WebhookDeliveriesResponseSchema,
    }),
    retry: defineEndpoint({
      method: 'POST',
      path: `${base}/{wid}/deliveries/{did}/retry`,
      tag,
      roles,
      summary: 'Sends a delivery again now (a new try under the same webhook-id)',
      params: delivery,
      response: WebhookDeliveryResponseSchema,
    }),
  } satisfies Record<string, EndpointDefinition>;
}

export const webhooksEndpoints = calls(
  org,
  'user',
  { params: IdParamsSchema },
  OrganizationWebhookParamsSchema,
  OrganizationDeliveryParamsSchema,
);
export const adminWebhooksEndpoints = calls(
  admin,
  'admin',
  {},
  AdminWebhookParamsSchema,
  AdminDeliveryParamsSchema,
);
