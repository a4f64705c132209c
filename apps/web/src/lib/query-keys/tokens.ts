import { endpointKey } from './endpoint-key';

/** Query keys of the tokens area (contracts' tokensEndpoints): one's own tokens, and a user's for admins. */
export const tokenKeys = {
  list: endpointKey('tokens', 'list'),
  listPage: (page: number) => [...endpointKey('tokens', 'list'), page] as const,
  adminList: endpointKey('tokens', 'adminList'),
  adminListPage: (userId: number, page: number) =>
    [...endpointKey('tokens', 'adminList'), userId, page] as const,
};
