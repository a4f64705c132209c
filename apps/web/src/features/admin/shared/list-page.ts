import { type ListMeta, ListMetaSchema } from '@cabinet/contracts';

/** One page of an admin list: the items and the envelope's meta (spec section 3, list envelope). */
export type ListPage<T> = { items: T[]; meta: ListMeta };

export const ADMIN_LIST_PER_PAGE = 20;

/**
 * The meta of a list answer. A server that left it out still gives a usable single page rather than an
 * error: the items are there.
 */
export function readListMeta(meta: unknown, items: unknown[], page: number): ListMeta {
  const parsed = ListMetaSchema.safeParse(meta);
  if (parsed.success) return parsed.data;
  return { page, pages: 1, perPage: ADMIN_LIST_PER_PAGE, total: items.length };
}
