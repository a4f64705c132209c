import { endpointKey } from './endpoint-key';

/** Query keys of the admin area (contracts' adminEndpoints): the admin home's counts. */
export const adminKeys = {
  usersCount: endpointKey('admin', 'usersCount'),
  organizationsCount: endpointKey('admin', 'organizationsCount'),
  plansCount: endpointKey('admin', 'plansCount'),
  /** The 'Выручка' dashboard (issue 15), by how many months it covers. */
  revenue: (months: number, test = false) => [...endpointKey('billing', 'revenue'), months, test] as const,
  /** The three counts, refreshed together after anything is created or deleted. */
  get counts() {
    return [adminKeys.usersCount, adminKeys.organizationsCount, adminKeys.plansCount];
  },
};
