import type { ListMeta } from '@cabinet/contracts';

/** One page of a list: the items and the envelope's meta (spec section 3, list envelope). */
export type ListPage<T> = { items: T[]; meta: ListMeta };

export const ADMIN_LIST_PER_PAGE = 20;
