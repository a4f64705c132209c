import type { EndpointDefinition } from '@cabinet/contracts/endpoint';
import type { LazyEndpoint } from './api-client';

/*
 * The endpoint tables of the areas the home screen calls on load, imported on the first call rather than
 * with the screen (decision 0175): each table holds its zod schemas, and zod itself (~24 kB compressed)
 * would otherwise be part of home's first load. Call them with `callLazyEndpoint(profile('me'))`.
 * A screen that is not on a first-load path may import the tables from '@cabinet/contracts' directly.
 */

type Table = Record<string, EndpointDefinition>;

/** `table('name')`: a loader of one entry of a table that is imported on demand. */
function lazyTable<T extends Table>(load: () => Promise<T>) {
  return <K extends keyof T & string>(name: K): LazyEndpoint<T[K]> =>
    () =>
      load().then((table) => table[name]);
}

export const authEndpoint = lazyTable(() =>
  import('@cabinet/contracts/endpoints/auth').then((m) => m.authEndpoints),
);
export const invitationsEndpoint = lazyTable(() =>
  import('@cabinet/contracts/endpoints/invitations').then((m) => m.invitationsEndpoints),
);
export const organizationsEndpoint = lazyTable(() =>
  import('@cabinet/contracts/endpoints/organizations').then((m) => m.organizationsEndpoints),
);
export const profileEndpoint = lazyTable(() =>
  import('@cabinet/contracts/endpoints/profile').then((m) => m.profileEndpoints),
);
export const siteEndpoint = lazyTable(() =>
  import('@cabinet/contracts/endpoints/site').then((m) => m.siteEndpoints),
);
export const transfersEndpoint = lazyTable(() =>
  import('@cabinet/contracts/endpoints/transfers').then((m) => m.transfersEndpoints),
);
