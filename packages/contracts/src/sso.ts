import { z } from 'zod';
import { LoginResultSchema } from './auth';
import { cleanText, EmailSchema, envelope, IdSchema, NAME_CHARACTERS, nameText } from './common';
import { says, textId } from './i18n/text';
import { AssignableMemberTypeSchema } from './invitations';

// An organization's single sign-on through its own OpenID Connect provider (issue 30; decisions 0274–0281):
// the settings (owner and organization admins), the connection test, and the sign-in calls.

/** The redirect URI operators register at their provider: <PUBLIC_URL> + this. */
export const SSO_CALLBACK_PATH = '/api/v1/auth/sso/callback';

/** The issuer's URL: http(s), no credentials, no query string or fragment. */
const IssuerSchema = z
  .string(says('Укажите адрес издателя (issuer)'))
  .trim()
  .min(1, says('Укажите адрес издателя (issuer)'))
  .max(2048, says('Не более {max} символов', { max: 2048 }))
  .regex(/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i, says('Адрес издателя — ссылка вида https://…, без ? и #'))
  .transform((u) => u.replace(/\/+$/, ''));

/** PUT /organizations/{id}/sso: the whole connection. `client_secret` left out keeps the stored one. */
export const SsoSettingsUpdateSchema = z
  .object({
    issuer: IssuerSchema,
    client_id: cleanText(
      z
        .string(says('Укажите client_id'))
        .trim()
        .min(1, says('Укажите client_id'))
        .max(255, says('Не более {max} символов', { max: 255 })),
    ),
    client_secret: z
      .string(says('Секрет клиента — строка'))
      .max(1024, says('Не более {max} символов', { max: 1024 }))
      .refine((s) => !/[\s]/.test(s), says('Секрет клиента без пробелов и переносов строк'))
      .optional(),
    /** The name on 'Войти через …'; empty: the organization's name. */
    display_name: nameText(NAME_CHARACTERS)
      .trim()
      .max(80, says('Не более {max} символов', { max: 80 }))
      .default(''),
    enabled: z.boolean(says('enabled: ожидается true или false')),
    enforce: z.boolean(says('enforce: ожидается true или false')),
    default_type_id: AssignableMemberTypeSchema,
  })
  .strict();
export type SsoSettingsUpdate = z.input<typeof SsoSettingsUpdateSchema>;

/** The connection as the settings show it: the secret never, only whether one is stored. */
export const SsoSettingsSchema = z.object({
  organization_id: z.number().int(),
  /** False before the first save: the other fields are the defaults. */
  configured: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  display_name: z.string(),
  enabled: z.boolean(),
  enforce: z.boolean(),
  default_type_id: z.number().int(),
  /** When 'Проверить подключение' last passed for this issuer and client (ISO 8601), else null. */
  tested_at: z.string().nullable(),
  /** Whether SSO works now: the owner's plan in force has 'Единый вход (SSO) и SCIM'. */
  available: z.boolean(),
  /** Why not, for the screen; null when available. */
  unavailable_reason: z.string().nullable(),
  /** The redirect URI to register at the provider. */
  callback_url: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;
export const SsoSettingsResponseSchema = envelope(SsoSettingsSchema);

/** POST /organizations/{id}/sso/test: where to send the admin's browser. */
export const SsoTestResponseSchema = envelope(z.object({ url: z.string() }));

/** POST /auth/sso/discover. */
export const SsoDiscoverRequestSchema = z.object({ email: EmailSchema }).strict();

export const SsoDiscoverySchema = z.object({
  /** 'Войти через <name>'. */
  name: z.string(),
  /** The start of the sign-in (GET), relative to the cabinet's address. */
  url: z.string(),
  /** 'Только через SSO': the code is not offered. */
  only_sso: z.boolean(),
});
export type SsoDiscovery = z.infer<typeof SsoDiscoverySchema>;
export const SsoDiscoverResponseSchema = envelope(SsoDiscoverySchema.nullable());

/** GET /auth/sso/start?organization_id=…[&login_key=…] (a desktop app's key for its hand-off). */
export const SsoStartQuerySchema = z
  .object({
    organization_id: IdSchema,
    login_key: cleanText(z.string().max(256, says('Не более {max} символов', { max: 256 }))).optional(),
  })
  .strict();

const param = z.string().max(4096).optional();

/** GET /auth/sso/callback: the provider's authorization response (RFC 6749 4.1.2, RFC 9207's iss). */
export const SsoCallbackQuerySchema = z.looseObject({
  code: param,
  state: param,
  iss: param,
  error: param,
  error_description: param,
});

/** POST /auth/sso/finish: the authorization response the landing page carried over from the callback. */
export const SsoFinishRequestSchema = z
  .object({
    code: z.string(says('Нет кода ответа поставщика')).min(1).max(4096),
    state: z.string(says('Нет параметра state')).min(1).max(512),
    iss: z.string().max(2048).optional(),
  })
  .strict();

/** The finish answers like a code sign-in's step two (the desktop hand-off included). */
export const SsoFinishResponseSchema = envelope(LoginResultSchema);

/**
 * Why the landing page or the settings page was reached without a sign-in: the callback and the start put
 * one of these in the fragment (#error=… or #sso_test=…); the pages say it in Russian.
 */
export const SSO_LANDING_ERRORS = ['expired', 'unavailable', 'provider', 'denied'] as const;
export type SsoLandingError = (typeof SSO_LANDING_ERRORS)[number];
export const SSO_TEST_OUTCOMES = [
  'ok',
  'expired',
  'denied',
  'no_email',
  'refused',
  'unreachable',
  'discovery',
  'client',
  'token',
  'id_token',
] as const;
export type SsoTestOutcome = (typeof SSO_TEST_OUTCOMES)[number];

/** Refusals the settings and the sign-in share, word for word. */
export const SSO_MESSAGES = {
  noSecretsKey: textId('Единый вход недоступен: администратор сервера не задал SECRETS_KEY'),
  unavailable: textId(
    'Тариф владельца организации не включает «Единый вход (SSO) и SCIM»: настройки сохранены, но не действуют',
  ),
  testFirst: textId('Сначала проверьте подключение: включить вход можно только после успешной проверки'),
  secretRequired: textId('Укажите секрет клиента'),
} as const;
