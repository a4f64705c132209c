import { endpointKey } from './endpoint-key';

/** Query keys of the sessions area (contracts' sessionsEndpoints): one's own, and a user's for admins. */
export const sessionKeys = {
  /** Every page of one's own sessions. */
  list: endpointKey('sessions', 'list'),
  listPage: (page: number) => [...endpointKey('sessions', 'list'), page] as const,
  /** Every page of every user's sessions on the admin screens: the admin actions on a user refresh them. */
  adminList: endpointKey('sessions', 'adminList'),
  adminListPage: (userId: number, page: number) =>
    [...endpointKey('sessions', 'adminList'), userId, page] as const,
  settings: endpointKey('sessions', 'settings'),
};
