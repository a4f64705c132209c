import { endpointKey } from './endpoint-key';

/** Query keys of the identities area (contracts' identitiesEndpoints): one's own linked accounts. */
export const identityKeys = {
  list: endpointKey('identities', 'list'),
};
