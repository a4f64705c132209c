import { endpointKey } from './endpoint-key';

/** Query keys of the oauth area (contracts' oauthEndpoints): /app/device's request and admins' 'Приложения'. */
export const oauthKeys = {
  device: (userCode: string) => [...endpointKey('oauth', 'device'), userCode] as const,
  clients: endpointKey('oauth', 'clients'),
  clientsPage: (page: number) => [...endpointKey('oauth', 'clients'), page] as const,
};
