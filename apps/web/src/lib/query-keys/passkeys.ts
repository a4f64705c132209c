import { endpointKey } from './endpoint-key';

/** Query keys of the passkeys area (contracts' passkeysEndpoints): one's own passkeys. */
export const passkeyKeys = {
  list: endpointKey('passkeys', 'list'),
  listPage: (page: number) => [...endpointKey('passkeys', 'list'), page] as const,
};
