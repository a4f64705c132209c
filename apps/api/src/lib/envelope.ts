import type { AuditListMeta, ListMeta } from '@cabinet/contracts';
import type { JsonText } from './sql';

// Every JSON answer is {success, message, data}; lists add meta (product-decisions, "Errors and envelopes").
// Handlers build them here and nowhere else.

export const ok = <T>(data: T, message = '') => ({ success: true as const, message, data });

/**
 * ok() for data PostgreSQL wrote as JSON (lib/sql.ts readAnswerRows): the serializer sends its text as is
 * (lib/json-serializer.ts). Typed as the data it holds, so routes keep their contract types.
 */
export const okJson = <T>(data: JsonText<T>, message = '') => ok(data as unknown as T, message);

/** listOk() for items PostgreSQL wrote as one JSON array. */
export const listOkJson = <T>(items: JsonText<T[]>, meta: ListMeta, message = '') =>
  listOk(items as unknown as T[], meta, message);

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

/** keysetListOk() for items PostgreSQL wrote as one JSON array. */
export const keysetListOkJson = <T>(items: JsonText<T[]>, meta: AuditListMeta, message = '') =>
  keysetListOk(items as unknown as T[], meta, message);

/** A page of a list, as list verbs return it. */
export interface Page<T> {
  items: T[];
  meta: ListMeta;
}

/** A page whose items PostgreSQL wrote as JSON (lib/sql.ts readAnswerRows); sent with listOkJson. */
export interface JsonPage<T> {
  items: JsonText<T[]>;
  meta: ListMeta;
}

export const listMeta = (page: number, perPage: number, total: number): ListMeta => ({
  page,
  pages: Math.ceil(total / perPage),
  perPage,
  total,
});

/** One page of a list: `select` reads the rows the page skips and takes, with the list's total. */
export async function pageOf<Items>(
  query: { page: number; perPage: number },
  select: (window: { skip: number; take: number }) => Promise<{ total: number; items: Items }>,
): Promise<{ items: Items; meta: ListMeta }> {
  const { total, items } = await select({ skip: (query.page - 1) * query.perPage, take: query.perPage });
  return { items, meta: listMeta(query.page, query.perPage, total) };
}
