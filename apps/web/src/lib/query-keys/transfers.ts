import { endpointKey } from './endpoint-key';

/** Query keys of the transfers area (contracts' transfersEndpoints). */
export const transferKeys = {
  /** Every transfer query: offering, answering or cancelling refreshes them all. */
  all: ['transfers'] as const,
  /** The open offers made to the caller (home). */
  mine: endpointKey('transfers', 'mine'),
};
