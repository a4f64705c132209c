import { z } from 'zod';
import { type ContractsText, says, text, textId } from './i18n/text';
// Zod's messages and the required text follow the language (i18n/zod-messages.ts configures zod).
import './i18n/zod-messages';

export const INT32_MAX = 2_147_483_647;

// 404 texts the API answers and the cabinet shows (the spec's 'Пользователь не найден' among them).
// Ids: the API says them with text() (zod's messages and the required text follow the language through
// i18n/zod-messages.ts, which configures zod).
export const USER_NOT_FOUND = textId('Пользователь не найден');
export const ORGANIZATION_NOT_FOUND = textId('Организация не найдена');
export const PLAN_NOT_FOUND = textId('Тариф не найден');

/** Error codes the web maps to behaviour (one place: the query client). Keep this list short. */
export const ErrorCodeSchema = z.enum([
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  /** 410: a link that existed and no longer works (an expired, revoked or used invitation). */
  'GONE',
  'CONFLICT',
  'LIMIT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  code: ErrorCodeSchema,
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Every JSON answer: {success, message, data}. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

export const MessageResponseSchema = envelope(z.null());
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const ListMetaSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

/** Lists add meta {page, pages, perPage, total}. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), message: z.string(), data: z.array(item), meta: ListMetaSchema });

/** `field` names the value in the message: a parameter's own name, or a text of the catalogue ('Идентификатор'). */
export const digits = (field: string | (() => string), max: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > max) {
      const name = typeof field === 'string' ? field : field();
      ctx.addIssue({
        code: 'custom',
        message: text('{field}: ожидается целое число от 1 до {max}', { field: name, max }),
      });
      return z.NEVER;
    }
    return Number(s);
  });

/** A database id in a path, query or body: a positive 32-bit integer, nothing else. */
export const IdSchema = digits(() => text('Идентификатор'), INT32_MAX);
export const IdParamsSchema = z.object({ id: IdSchema }).strict();

/** page starts at 1; perPage defaults to 20 and is at most 100 (product-decisions, Errors and envelopes). */
export const PaginationQuerySchema = z.object({
  page: digits('page', 1_000_000).default(1),
  perPage: digits('perPage', 100).default(20),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

export const SortOrderSchema = z.enum(['asc', 'desc'], says('order: ожидается asc или desc'));

/** True when text holds a control character other than tab and line breaks (NUL and friends). */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}

/**
 * True when text holds any control character (C0 and C1, tab and line breaks included) or a Unicode line or
 * paragraph separator: what a name may never hold (decision 0193).
 */
export function hasAnyControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || (c >= 127 && c <= 159) || c === 0x2028 || c === 0x2029) return true;
  }
  return false;
}

/**
 * A name (of a person, an organization, a plan, a passkey): every control character and line break is
 * refused with `message`, checked on the text as sent, before any trimming (decision 0193).
 */
export const nameText = (message: ContractsText) =>
  z.string(says('Обязательное поле')).refine((s) => !hasAnyControlCharacter(s), says(message));

/** The message of a name with a line break or another control character. */
export const NAME_CHARACTERS = textId('Название не должно содержать переносов строк и управляющих символов');

/** Free text from outside: trimmed, no control characters (they are refused, not stored). */
export const cleanText = (schema: z.ZodString = z.string()) =>
  schema.trim().refine((s) => !hasControlCharacters(s), says('Недопустимые символы'));

export const SearchTextSchema = cleanText(z.string().max(254, says('Не более {max} символов', { max: 254 })));

export const EmailSchema = cleanText(
  z
    .string(says('Обязательное поле'))
    .min(1, says('Обязательное поле'))
    .max(254, says('Не более {max} символов', { max: 254 })),
)
  .transform((s) => s.toLowerCase())
  .pipe(z.email(says('Неверный формат email')));

/** Money with at most 2 decimals, as a string on the wire ('990.00'). */
export const MoneySchema = z.string().regex(/^\d{1,10}\.\d{2}$/);

export const TimestampSchema = z.string(); // ISO 8601

/**
 * A query string that is accepted and not read: on the few calls where a client may add one we do not
 * control (an <img> cache-buster, a health probe, the payment provider's callback).
 */
export const AnyQuerySchema = z.looseObject({});
