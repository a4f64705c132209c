import type { AuditListMeta, ListMeta } from '@cabinet/contracts';

// Every JSON answer is {success, message, data}; lists add meta (product-decisions, "Errors and envelopes").
// Handlers build them here and nowhere else.

export const ok = <T>(data: T, message = '') => ({ success: true as const, message, data });

export const listOk = <T>(items: T[], meta: ListMeta, message = '') => ({
  success: true as const,
  message,
  data: items,
  meta,
});

/** A keyset page (the audit log): no total, the next page's cursor instead (decision 0145). */
export const keysetListOk = <T>(items: T[], meta: AuditListMeta, message = '') => ({
  success: true as const,
  message,
  data: items,
  meta,
});

/** A page of a list, as list verbs return it. */
export interface Page<T> {
  items: T[];
  meta: ListMeta;
}

export const listMeta = (page: number, perPage: number, total: number): ListMeta => ({
  page,
  pages: Math.ceil(total / perPage),
  perPage,
  total,
});
