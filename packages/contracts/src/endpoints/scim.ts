import { IdParamsSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  SCIM_BASE_PATH,
  SCIM_MEDIA_TYPE,
  ScimListQuerySchema,
  ScimPatchRequestSchema,
  ScimResourceTypeListSchema,
  ScimSchemaListSchema,
  ScimServiceProviderConfigSchema,
  ScimTokenCreatedResponseSchema,
  ScimTokenStatusResponseSchema,
  ScimUserInputSchema,
  ScimUserListSchema,
  ScimUserParamsSchema,
  ScimUserSchema,
} from '../scim';

// SCIM 2.0 provisioning (issue 30; docs/authorization/scim.md, decisions 0286–0289). The organization's
// token is a settings call (owner, organization admins, site admins; never an access token). The calls under
// /scim/v2 take that token as `Authorization: Bearer cab_scim_…` instead of a session and answer in SCIM's
// shapes: application/scim+json (JSON bodies are accepted as well), errors
// {schemas: [urn:ietf:params:scim:api:messages:2.0:Error], status, scimType?, detail}.

const tag = 'scim';
const token = '/api/v1/rest/organizations/{id}/scim-token';
const users = `${SCIM_BASE_PATH}/Users`;

const ERRORS =
  'Errors: {schemas: [urn:ietf:params:scim:api:messages:2.0:Error], status, scimType?, detail (Russian)}; ' +
  "401 without a valid token, 403 while the owner's plan has no SSO and SCIM, 429 past the token's budget.";

/** The shared fields of a call under /scim/v2. */
const scim = { tag, roles: ['anonymous'], auth: 'scim-token', produces: SCIM_MEDIA_TYPE } as const;

export const scimEndpoints = {
  token: defineEndpoint({
    method: 'GET',
    path: token,
    tag,
    roles: ['user'],
    summary:
      "Whether the organization has a SCIM token (its prefix, last use), SCIM's base URL, the plan's word",
    params: IdParamsSchema,
    response: ScimTokenStatusResponseSchema,
  }),
  createToken: defineEndpoint({
    method: 'POST',
    path: token,
    tag,
    roles: ['user'],
    summary: 'Makes the SCIM token, shown this once; a new one replaces the old at once',
    description: "403 while the owner's plan has no SSO and SCIM. Only an HMAC of the token is kept.",
    params: IdParamsSchema,
    response: ScimTokenCreatedResponseSchema,
    status: 201,
  }),
  serviceProviderConfig: defineEndpoint({
    ...scim,
    method: 'GET',
    path: `${SCIM_BASE_PATH}/ServiceProviderConfig`,
    summary: 'SCIM ServiceProviderConfig (RFC 7644 §5): PATCH and filters supported, no bulk, sort or ETag',
    description: ERRORS,
    response: ScimServiceProviderConfigSchema,
  }),
  schemas: defineEndpoint({
    ...scim,
    method: 'GET',
    path: `${SCIM_BASE_PATH}/Schemas`,
    summary: 'SCIM Schemas (RFC 7643 §7): the User attributes this service keeps',
    description: ERRORS,
    response: ScimSchemaListSchema,
  }),
  resourceTypes: defineEndpoint({
    ...scim,
    method: 'GET',
    path: `${SCIM_BASE_PATH}/ResourceTypes`,
    summary: 'SCIM ResourceTypes (RFC 7643 §6): User only',
    description: ERRORS,
    response: ScimResourceTypeListSchema,
  }),
  users: defineEndpoint({
    ...scim,
    method: 'GET',
    path: users,
    summary: "The organization's members as SCIM Users: filter, startIndex, count (at most 100)",
    description:
      'filter: userName, emails.value (emails[type eq "work"].value), id and active with eq (userName and ' +
      "e-mails also ne, co, sw, ew, pr), joined by and / or. Only the organization's active members are " +
      `seen, so no filter tells whether an address has an account elsewhere. ${ERRORS}`,
    query: ScimListQuerySchema,
    response: ScimUserListSchema,
  }),
  createUser: defineEndpoint({
    ...scim,
    method: 'POST',
    path: users,
    summary:
      'Provisions a member: an address of a verified domain gets a verified account (or its own) and a seat',
    description:
      `400 invalidValue outside the organization's verified domains; 409 uniqueness for a member; 409 when the ` +
      `plan's seats are full. ${ERRORS}`,
    body: ScimUserInputSchema,
    response: ScimUserSchema,
    status: 201,
  }),
  user: defineEndpoint({
    ...scim,
    method: 'GET',
    path: `${users}/{id}`,
    summary: 'One member as a SCIM User (404 for anyone who is not a member)',
    description: ERRORS,
    params: ScimUserParamsSchema,
    response: ScimUserSchema,
  }),
  replaceUser: defineEndpoint({
    ...scim,
    method: 'PUT',
    path: `${users}/{id}`,
    summary: 'Replaces the name; active false removes the membership (userName cannot change)',
    description: ERRORS,
    params: ScimUserParamsSchema,
    body: ScimUserInputSchema,
    response: ScimUserSchema,
  }),
  patchUser: defineEndpoint({
    ...scim,
    method: 'PATCH',
    path: `${users}/{id}`,
    summary: 'PatchOp add / replace / remove of active and the name attributes, with or without path',
    description: ERRORS,
    params: ScimUserParamsSchema,
    body: ScimPatchRequestSchema,
    response: ScimUserSchema,
  }),
  deleteUser: defineEndpoint({
    ...scim,
    method: 'DELETE',
    path: `${users}/{id}`,
    summary:
      "Removes the membership (never the owner's); accounts of the verified domains lose sessions and tokens",
    description: `204 with no body. ${ERRORS}`,
    params: ScimUserParamsSchema,
    response: null,
    status: 204,
  }),
};
