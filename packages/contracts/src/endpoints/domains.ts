import { IdParamsSchema, MessageResponseSchema } from '../common';
import {
  DomainCreateSchema,
  DomainListResponseSchema,
  DomainParamsSchema,
  DomainResponseSchema,
} from '../domains';
import { defineEndpoint } from '../endpoint';

// Verified domains of an organization (issue 30; docs/authorization/domains.md, decision 0271): its owner,
// its organization admins and site admins. Settings of SSO: no row is open to access tokens (decision 0216).

const tag = 'domains';
const base = '/api/v1/rest/organizations/{id}/domains';

export const domainsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    tag,
    roles: ['user'],
    summary: "The organization's domains, verified or not, each with its TXT record",
    params: IdParamsSchema,
    response: DomainListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    tag,
    roles: ['user'],
    summary: 'Adds a domain to prove; answers the TXT record to publish',
    description:
      'The domain is lower-cased, an IDN turned into punycode and a trailing dot dropped. Public mail domains ' +
      '(gmail.com, yandex.ru, mail.ru…) and a domain another organization has verified are refused.',
    params: IdParamsSchema,
    body: DomainCreateSchema,
    response: DomainResponseSchema,
    status: 201,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: `${base}/{did}/verify`,
    tag,
    roles: ['user'],
    summary: "'Проверить': looks the TXT record up in DNS; the domain is verified when it holds the token",
    description:
      'A failed check is 409 (no record, or not the expected value) or 502 (DNS did not answer); checks are ' +
      'limited per organization and per domain (429 with Retry-After). A verified domain stays verified, ' +
      'its record gone or not, until it is removed.',
    params: DomainParamsSchema,
    response: DomainResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${base}/{did}`,
    tag,
    roles: ['user'],
    summary: 'Removes a domain (verified or not)',
    params: DomainParamsSchema,
    response: MessageResponseSchema,
  }),
};
