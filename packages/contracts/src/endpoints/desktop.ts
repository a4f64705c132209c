import { IdParamsSchema } from '../common';
import {
  CollaboratorsQuerySchema,
  CollaboratorsResponseSchema,
  CollaboratorsSearchParamsSchema,
  FinishAddingResponseSchema,
  FinishAddingSchema,
  StartAddingResponseSchema,
  StartAddingSchema,
} from '../desktop';
import { defineEndpoint } from '../endpoint';

// The desktop app's collaborator calls (product-decisions, "Desktop collaborator calls"). Authenticated
// like every call (the app sends Authorization: Bearer); the caller must be an active member, else 404.

const tag = 'desktop';
const base = '/api/v1/desktop/organizations/{id}/collaborators';

export const desktopEndpoints = {
  collaborators: defineEndpoint({
    method: 'GET',
    path: base,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Members of the organization with their accounts; name filters by name or e-mail',
    params: IdParamsSchema,
    query: CollaboratorsQuerySchema,
    response: CollaboratorsResponseSchema,
  }),
  searchCollaborators: defineEndpoint({
    method: 'GET',
    path: `${base}/search/{search}`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Members whose name or e-mail contains the search text',
    params: CollaboratorsSearchParamsSchema,
    query: CollaboratorsQuerySchema,
    response: CollaboratorsResponseSchema,
  }),
  startAdding: defineEndpoint({
    method: 'POST',
    path: `${base}/start-adding`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Per e-mail: the account id, its key blob in this organization and whether it is auto-linked',
    params: IdParamsSchema,
    body: StartAddingSchema,
    // 100 addresses of up to 254 characters, with quotes and commas.
    bodyLimit: 32 * 1024,
    response: StartAddingResponseSchema,
  }),
  finishAdding: defineEndpoint({
    method: 'POST',
    path: `${base}/finish-adding`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Creates join requests (active at once when the owner calls) storing each key blob',
    params: IdParamsSchema,
    body: FinishAddingSchema,
    // 100 key blobs of up to 10,000 characters, with their ids.
    bodyLimit: 1024 * 1024,
    response: FinishAddingResponseSchema,
  }),
};
