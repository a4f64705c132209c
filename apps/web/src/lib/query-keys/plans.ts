import { endpointKey } from './endpoint-key';

/** Query keys of the plans area (contracts' plansEndpoints), the admin screens' and the cabinet's alike. */
export const planKeys = {
  /** Every plan query: a change made on the admin screens refreshes the cabinet's price list too. */
  all: ['plans'] as const,
  list: (query: Record<string, string | number>) => [...endpointKey('plans', 'list'), query] as const,
  get: (id: number) => [...endpointKey('plans', 'get'), id] as const,
  /** Whether a plan can be deleted now (decision 0163). */
  deletion: (id: number) => [...endpointKey('plans', 'deletion'), id] as const,
};
