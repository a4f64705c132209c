import { endpointKey } from './endpoint-key';

/** Query keys of verified domains (contracts' domainsEndpoints): an organization's list. */
export const domainKeys = {
  list: (organizationId: number) => [...endpointKey('domains', 'list'), organizationId] as const,
};
