import { z } from 'zod';

// The audit list's keyset cursor (decision 0145): an opaque token naming where a page ended. Apart from
// audit.ts so that the list of action codes has room to grow within the 300-line rule.

export const INVALID_CURSOR = 'Неверный курсор страницы: начните список сначала';

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
