import type { endpoints } from '@cabinet/contracts';

type EndpointTable = typeof endpoints;

/**
 * The head of a query key: the contracts' area and entry name of the call that fills it
 * (['organizations', 'list']). Keys of one area start alike, so a mutation anywhere refreshes another
 * feature's data by importing only that area's keys file (architecture convention 6). Type-only import:
 * the table's schemas stay out of the entry chunk.
 */
export function endpointKey<A extends keyof EndpointTable, N extends keyof EndpointTable[A] & string>(
  area: A,
  name: N,
) {
  return [area, name] as const;
}
