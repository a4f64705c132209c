import { endpointKey } from './endpoint-key';

/** Query keys of an organization's single sign-on (contracts' ssoEndpoints). */
export const ssoKeys = {
  settings: (organizationId: number) => [...endpointKey('sso', 'get'), organizationId] as const,
};
