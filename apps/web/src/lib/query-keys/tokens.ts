import { endpointKey } from './endpoint-key';

/** Query keys of the tokens area (contracts' tokensEndpoints): one's own personal access tokens. */
export const tokenKeys = {
  list: endpointKey('tokens', 'list'),
  listPage: (page: number) => [...endpointKey('tokens', 'list'), page] as const,
};
