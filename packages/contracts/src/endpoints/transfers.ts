import { IdParamsSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  IncomingTransfersQuerySchema,
  IncomingTransfersResponseSchema,
  TransferOfferSchema,
  TransferResponseSchema,
} from '../transfers';

// Two-step ownership transfer (docs/authorization/organizations.md, decision 0133). GET
// /organizations/{id} carries the open offer as `transfer`; GET /transfers lists the offers made to the
// caller (home's prompt, decision 0137).

const tag = 'transfers';
const base = '/api/v1/rest/organizations/{id}/transfer';

export const transfersEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/transfers',
    tag,
    roles: ['user'],
    summary:
      "The caller's open ownership offers (made to them), newest first, with the organization and who offers",
    query: IncomingTransfersQuerySchema,
    response: IncomingTransfersResponseSchema,
  }),
  offer: defineEndpoint({
    method: 'POST',
    path: base,
    tag,
    roles: ['user'],
    summary: 'Offers the organization to an active member and mails them (the owner, site admins)',
    params: IdParamsSchema,
    body: TransferOfferSchema,
    response: TransferResponseSchema,
    status: 201,
  }),
  cancel: defineEndpoint({
    method: 'DELETE',
    path: base,
    tag,
    roles: ['user'],
    summary: 'Cancels the open offer (the owner, site admins)',
    params: IdParamsSchema,
    response: TransferResponseSchema,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: `${base}/accept`,
    tag,
    roles: ['user'],
    summary:
      "The offered member accepts: owner and member swap in one transaction (the old owner becomes 'Администратор')",
    params: IdParamsSchema,
    response: TransferResponseSchema,
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: `${base}/decline`,
    tag,
    roles: ['user'],
    summary: 'The offered member declines the offer',
    params: IdParamsSchema,
    response: TransferResponseSchema,
  }),
};
