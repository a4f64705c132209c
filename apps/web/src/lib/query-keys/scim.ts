import { endpointKey } from './endpoint-key';

/** Query keys of the scim area (contracts' scimEndpoints): an organization's SCIM token status. */
export const scimKeys = {
  token: (organizationId: number) => [...endpointKey('scim', 'token'), organizationId] as const,
};
