import { z } from 'zod';
import { AuditEventSchema, OrganizationAuditEventSchema } from './audit';
import { AuditActionSchema } from './audit-actions';
import { envelope, IdSchema, PaginationQuerySchema } from './common';
import { says, text, textId } from './i18n/text';

// The audit log's lists (docs/decisions/0145-audit-log.md): filters, the export's filter, and keyset pages
// with an opaque cursor. The actions and the event itself are in audit.ts.

export const INVALID_CURSOR = textId('Неверный курсор страницы: начните список сначала');

/** Where a page of events ends: the last event's time (ms) and id, newest first. */
export interface AuditCursor {
  atMs: number;
  id: number;
}

const CURSOR_PATTERN = /^v1\.(\d{1,15})\.(\d{1,16})$/;

// Globals of browsers and Node alike; the contracts compile without either's type library.
declare function btoa(data: string): string;
declare function atob(data: string): string;

const base64url = {
  encode: (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  decode: (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/')),
};

/** An opaque token for the page after the one ending at `cursor`. */
export const encodeAuditCursor = ({ atMs, id }: AuditCursor) => base64url.encode(`v1.${atMs}.${id}`);

export function decodeAuditCursor(token: string): AuditCursor | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return null;
  let text: string;
  try {
    text = base64url.decode(token);
  } catch {
    return null;
  }
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const atMs = Number(match[1]);
  const id = Number(match[2]);
  if (!Number.isSafeInteger(atMs) || !Number.isSafeInteger(id) || id < 1) return null;
  return { atMs, id };
}

/** `cursor`: validated like any input; a token this API did not make is a 400. */
export const AuditCursorSchema = z.string().transform((token, ctx) => {
  const cursor = decodeAuditCursor(token);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: INVALID_CURSOR });
    return z.NEVER;
  }
  return cursor;
});

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_MESSAGE = textId(
  'Ожидается дата (2026-01-31) или дата и время с часовым поясом (2026-01-31T12:00:00+03:00)',
);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` and `to` bound the event time, both inclusive: a date alone is a whole day (UTC), so `to=2026-01-31`
 * takes all of the 31st. Parsed into an instant: `from` the first one in, `to` the first one out.
 */
const auditDate = (edge: 'from' | 'to') =>
  z.string().transform((typed, ctx) => {
    const dateOnly = DATE_PATTERN.test(typed);
    const ms = dateOnly || DATE_TIME_PATTERN.test(typed) ? Date.parse(typed) : Number.NaN;
    if (Number.isNaN(ms) || ms < 0 || ms > 8.64e15 - DAY_MS) {
      ctx.addIssue({ code: 'custom', message: text(DATE_MESSAGE) });
      return z.NEVER;
    }
    if (edge === 'from') return new Date(ms);
    return new Date(dateOnly ? ms + DAY_MS : ms + 1);
  });

/** The filters both lists and the export share (the organization's list takes its id from the path). */
const filterFields = {
  action: AuditActionSchema.optional(),
  actor_id: IdSchema.optional(),
  from: auditDate('from').optional(),
  /** Parsed as the first instant after the range (exclusive). */
  to: auditDate('to').optional(),
};

const pageFields = { perPage: PaginationQuerySchema.shape.perPage, cursor: AuditCursorSchema.optional() };

const rangeInOrder = <T extends { from?: Date | undefined; to?: Date | undefined }>(q: T) =>
  !q.from || !q.to || q.from < q.to;
const rangeIssue = { ...says('Дата «с» позже даты «по»'), path: ['to'] };

/** GET /organizations/{id}/audit: perPage, cursor, action, actor_id, from, to. */
export const OrganizationAuditQuerySchema = z
  .object({ ...pageFields, ...filterFields })
  .strict()
  .refine(rangeInOrder, rangeIssue);
export type OrganizationAuditQuery = z.input<typeof OrganizationAuditQuerySchema>;

/** GET /admin/audit/export: the admin list's filters, every matching event. */
export const AdminAuditFilterSchema = z
  .object({ ...filterFields, organization_id: IdSchema.optional() })
  .strict()
  .refine(rangeInOrder, rangeIssue);
export type AdminAuditFilter = z.input<typeof AdminAuditFilterSchema>;

/** GET /admin/audit: the organization's filters and organization_id. */
export const AdminAuditQuerySchema = z
  .object({ ...pageFields, ...filterFields, organization_id: IdSchema.optional() })
  .strict()
  .refine(rangeInOrder, rangeIssue);
export type AdminAuditQuery = z.input<typeof AdminAuditQuerySchema>;

/**
 * A keyset page: no total and no page numbers (counting ten million rows is what keyset paging avoids).
 * next_cursor asks for the following page; null: this is the last.
 */
export const AuditListMetaSchema = z.object({
  perPage: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type AuditListMeta = z.infer<typeof AuditListMetaSchema>;

export const AuditListResponseSchema = envelope(z.array(AuditEventSchema)).extend({
  meta: AuditListMetaSchema,
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

export const OrganizationAuditListResponseSchema = envelope(z.array(OrganizationAuditEventSchema)).extend({
  meta: AuditListMetaSchema,
});
export type OrganizationAuditListResponse = z.infer<typeof OrganizationAuditListResponseSchema>;
