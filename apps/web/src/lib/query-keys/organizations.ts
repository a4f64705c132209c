import { endpointKey } from './endpoint-key';

/** Query keys of the organizations area (contracts' organizationsEndpoints). */
export const organizationKeys = {
  /** Every organization query: a change to any organization or member refreshes them all. */
  all: ['organizations'] as const,
  list: (query: { search: string; page: number }) =>
    [...endpointKey('organizations', 'list'), query] as const,
  listAll: (query: { search: string; page: number; userId?: number }) =>
    [...endpointKey('organizations', 'listAll'), query] as const,
  /** The caller's list and the admins' list, without the open organization. */
  lists: [endpointKey('organizations', 'list'), endpointKey('organizations', 'listAll')],
  get: (id: number) => [...endpointKey('organizations', 'get'), id] as const,
  organizationTypes: endpointKey('organizations', 'organizationTypes'),
  pendingUsers: endpointKey('organizations', 'pendingUsers'),
};
