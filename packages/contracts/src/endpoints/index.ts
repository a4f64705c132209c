import type { EndpointDefinition } from '../endpoint';
import { adminEndpoints } from './admin';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { desktopEndpoints } from './desktop';
import { domainsEndpoints } from './domains';
import { filesEndpoints } from './files';
import { healthEndpoints } from './health';
import { identitiesEndpoints } from './identities';
import { invitationsEndpoints } from './invitations';
import { oauthEndpoints } from './oauth';
import { organizationsEndpoints } from './organizations';
import { passkeysEndpoints } from './passkeys';
import { paymentsEndpoints } from './payments';
import { plansEndpoints } from './plans';
import { profileEndpoints } from './profile';
import { scimEndpoints } from './scim';
import { sessionsEndpoints } from './sessions';
import { siteEndpoints } from './site';
import { ssoEndpoints } from './sso';
import { tokensEndpoints } from './tokens';
import { transfersEndpoints } from './transfers';
import { adminWebhooksEndpoints, webhooksEndpoints } from './webhooks';

export { adminEndpoints } from './admin';
export { auditEndpoints } from './audit';
export { authEndpoints } from './auth';
export { billingEndpoints } from './billing';
export { desktopEndpoints } from './desktop';
export { domainsEndpoints } from './domains';
export { filesEndpoints } from './files';
export { healthEndpoints } from './health';
export { identitiesEndpoints } from './identities';
export { invitationsEndpoints } from './invitations';
export { oauthEndpoints } from './oauth';
export { organizationsEndpoints } from './organizations';
export { passkeysEndpoints } from './passkeys';
export { paymentsEndpoints } from './payments';
export { plansEndpoints } from './plans';
export { ProfileResponseSchema, profileEndpoints } from './profile';
export { scimEndpoints } from './scim';
export { sessionsEndpoints } from './sessions';
export { siteEndpoints } from './site';
export { ssoEndpoints } from './sso';
export { tokensEndpoints } from './tokens';
export { transfersEndpoints } from './transfers';
export { adminWebhooksEndpoints, webhooksEndpoints } from './webhooks';

/**
 * The endpoint table: every call of the API, by area. The API registers exactly these routes (its test
 * checks both directions); the OpenAPI document and the web's fetchers come from the same entries.
 */
export const endpoints = {
  health: healthEndpoints,
  auth: authEndpoints,
  profile: profileEndpoints,
  sessions: sessionsEndpoints,
  tokens: tokensEndpoints,
  passkeys: passkeysEndpoints,
  identities: identitiesEndpoints,
  admin: adminEndpoints,
  organizations: organizationsEndpoints,
  invitations: invitationsEndpoints,
  transfers: transfersEndpoints,
  desktop: desktopEndpoints,
  plans: plansEndpoints,
  payments: paymentsEndpoints,
  billing: billingEndpoints,
  files: filesEndpoints,
  audit: auditEndpoints,
  site: siteEndpoints,
  oauth: oauthEndpoints,
  webhooks: webhooksEndpoints,
  adminWebhooks: adminWebhooksEndpoints,
  domains: domainsEndpoints,
  scim: scimEndpoints,
  sso: ssoEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

export type EndpointArea = keyof typeof endpoints;

/** Every entry with its name ('organizations.list'). */
export function listEndpoints(): { name: string; endpoint: EndpointDefinition }[] {
  return Object.entries(endpoints).flatMap(([area, entries]) =>
    Object.entries(entries).map(([key, endpoint]) => ({ name: `${area}.${key}`, endpoint })),
  );
}
