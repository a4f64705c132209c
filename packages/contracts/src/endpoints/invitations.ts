import { IdParamsSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  CreateInvitationSchema,
  InvitationListQuerySchema,
  InvitationListResponseSchema,
  InvitationResponseSchema,
  InvitationTokenParamsSchema,
  MyInvitationsQuerySchema,
  OrganizationInvitationParamsSchema,
} from '../invitations';
import { MemberResponseSchema } from '../organizations';

// Invitations by e-mail (docs/authorization/organizations.md, decision 0130): the organization's side
// under /organizations/{id}/invitations, the invitee's side under /invitations.

const tag = 'invitations';
const organizationBase = '/api/v1/rest/organizations/{id}/invitations';
const base = '/api/v1/rest/invitations';

export const invitationsEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: organizationBase,
    tag,
    roles: ['user'],
    tokens: true,
    summary:
      'Invites an e-mail address, with or without an account, as type 2 or 3 and mails the link (owner, organization admins, site admins)',
    params: IdParamsSchema,
    body: CreateInvitationSchema,
    response: InvitationResponseSchema,
    status: 201,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: organizationBase,
    tag,
    roles: ['user'],
    tokens: true,
    summary: "The organization's invitations, newest first; status filters (one or several, comma-separated)",
    params: IdParamsSchema,
    query: InvitationListQuerySchema,
    response: InvitationListResponseSchema,
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: `${organizationBase}/{invitationId}/resend`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Mails the invitation again with a new link (the old one stops working); once a minute',
    params: OrganizationInvitationParamsSchema,
    response: InvitationResponseSchema,
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: `${organizationBase}/{invitationId}`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Revokes an open invitation: its link stops working and its seat is free',
    params: OrganizationInvitationParamsSchema,
    response: InvitationResponseSchema,
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: base,
    tag,
    roles: ['user'],
    tokens: true,
    summary: "The caller's open invitations (to their verified e-mail)",
    query: MyInvitationsQuerySchema,
    response: InvitationListResponseSchema,
  }),
  byToken: defineEndpoint({
    method: 'GET',
    path: `${base}/token/{token}`,
    tag,
    roles: ['anonymous', 'user'],
    tokens: true,
    summary:
      'The invitation of a link, with or without a session (the link is the capability); 404 unknown, 410 expired, revoked or used',
    params: InvitationTokenParamsSchema,
    response: InvitationResponseSchema,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: `${base}/{id}/accept`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Accepts an invitation to the caller’s verified e-mail: an active member of the invited type',
    params: IdParamsSchema,
    response: MemberResponseSchema,
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: `${base}/{id}/decline`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Declines an invitation to the caller’s verified e-mail',
    params: IdParamsSchema,
    response: InvitationResponseSchema,
  }),
};
