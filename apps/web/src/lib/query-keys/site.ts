import { endpointKey } from './endpoint-key';

/** Query keys of the site area (contracts' siteEndpoints). */
export const siteKeys = {
  links: endpointKey('site', 'links'),
  signIn: endpointKey('site', 'signIn'),
};
