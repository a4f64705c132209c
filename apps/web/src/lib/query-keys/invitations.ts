import { endpointKey } from './endpoint-key';

/** Query keys of the invitations area (contracts' invitationsEndpoints). */
export const invitationKeys = {
  /** Every invitation query: accepting, declining, inviting or revoking refreshes them all. */
  all: ['invitations'] as const,
  /** The caller's open invitations (home). */
  mine: endpointKey('invitations', 'mine'),
  /** An organization's invitations ('Приглашения'). */
  list: (organizationId: number) => [...endpointKey('invitations', 'list'), organizationId] as const,
  /** The invitation of a link. */
  byToken: (token: string) => [...endpointKey('invitations', 'byToken'), token] as const,
};
