import { endpointKey } from './endpoint-key';

/** Query keys of the audit log (contracts' auditEndpoints). */
export const auditKeys = {
  /**
   * Every audit query. Each change the cabinet makes writes an event (decision 0145), so the query client
   * marks these stale after any successful mutation.
   */
  all: ['audit'] as const,
  organization: (id: number, filters: object) =>
    [...endpointKey('audit', 'organization'), id, filters] as const,
  admin: (filters: object) => [...endpointKey('audit', 'admin'), filters] as const,
};
