import { z } from 'zod';
import { cleanText, envelope, IdSchema, listEnvelope } from './common';
import { type ContractsText, says, text, textId } from './i18n/text';

// Personal access tokens and the limits every token shares (issue 29; docs/decisions/0215–0219): a script
// calls the API with `Authorization: Bearer cab_pat_…`; a device authorization grant's token is limited the
// same way. Only the calls whose endpoint-table row says `tokens: true` answer a token.

/** The 403 of a call closed to tokens, and of a 'read' token on a call that changes something. */
export const TOKEN_FORBIDDEN = textId('Недостаточно прав у токена');
/** The 401 of an unknown, revoked or expired token. */
export const TOKEN_INVALID = textId('Токен истёк или отозван');
export const TOKEN_NOT_FOUND = textId('Токен не найден');
/** Live tokens per account. */
export const PERSONAL_TOKENS_MAX = 20;
/** The refusal of one token too many, in the current language. */
export const personalTokensLimit = () =>
  text('Не более {max} действующих токенов', { max: PERSONAL_TOKENS_MAX });
/** A personal token starts with this, then at least 32 base62 characters. */
export const PERSONAL_TOKEN_PREFIX = 'cab_pat_';

/** 'write' includes 'read'. */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** Each scope in words, for the token list and for /app/device. */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, ContractsText> = {
  read: textId('Чтение: профиль, организации, участники, файлы, тарифы и история платежей'),
  write: textId('Изменение: организации, участники, приглашения, файлы, имя и аватар'),
};

/** ['read'] or ['read','write'] (any order; 'write' alone means both), kept as ['read'] or ['read','write']. */
export const TokenScopesSchema = z
  .array(z.enum(TOKEN_SCOPES, says('Права: ожидается read или write')), says('Укажите права токена'))
  .min(1, says('Укажите права токена'))
  .max(2, says('Укажите права токена'))
  .transform((scopes): TokenScope[] => (scopes.includes('write') ? ['read', 'write'] : ['read']));

export const TokenNameSchema = cleanText(
  z
    .string(says('Обязательное поле'))
    .min(2, says('Название должно содержать минимум 2 символа'))
    .max(40, says('Название не должно превышать 40 символов')),
);

export const PersonalTokenCreateSchema = z
  .object({
    name: TokenNameSchema,
    scopes: TokenScopesSchema,
    expires_in_days: z
      .number(says('Срок: ожидается число дней от 1 до 365 или null'))
      .int(says('Срок: ожидается число дней от 1 до 365 или null'))
      .min(1, says('Срок: ожидается число дней от 1 до 365 или null'))
      .max(365, says('Срок: ожидается число дней от 1 до 365 или null'))
      .nullable()
      .optional()
      .transform((days) => days ?? null),
  })
  .strict();
export type PersonalTokenCreate = z.input<typeof PersonalTokenCreateSchema>;

/** One token as its owner (or an admin) sees it: never the token itself. */
export const PersonalTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** 'cab_pat_AbCd': enough to tell tokens apart. */
  prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
});
export type PersonalToken = z.infer<typeof PersonalTokenSchema>;
export const PersonalTokenListResponseSchema = listEnvelope(PersonalTokenSchema);

/** The creation answer: the token in `data.token`, shown this once. */
export const PersonalTokenCreatedSchema = PersonalTokenSchema.extend({ token: z.string() });
export type PersonalTokenCreated = z.infer<typeof PersonalTokenCreatedSchema>;
export const PersonalTokenCreatedResponseSchema = envelope(PersonalTokenCreatedSchema);

/** DELETE /admin/users/{id}/tokens/{tid}. */
export const UserTokenParamsSchema = z.object({ id: IdSchema, tid: IdSchema }).strict();
