import { endpointKey } from './endpoint-key';

/** Query keys of the profile area (contracts' profileEndpoints): one's own profile and the accounts. */
export const profileKeys = {
  me: endpointKey('profile', 'me'),
  list: (query: { search: string; page: number }) => [...endpointKey('profile', 'list'), query] as const,
  get: (userId: number) => [...endpointKey('profile', 'get'), userId] as const,
  /** What the admin screens show of other accounts (the list and one account): an action on one refreshes them. */
  accounts: [endpointKey('profile', 'list'), endpointKey('profile', 'get')],
  deletePreview: (userId: number) => [...endpointKey('profile', 'deletePreview'), userId] as const,
  /** Every account's delete preview: a transfer or a deleted organization changes what goes with it. */
  deletePreviews: endpointKey('profile', 'deletePreview'),
};
