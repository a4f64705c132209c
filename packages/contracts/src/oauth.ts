import { z } from 'zod';
import { cleanText, envelope, IdSchema, listEnvelope } from './common';
import { says, textId } from './i18n/text';
import { TOKEN_SCOPES } from './tokens';

// OAuth clients and the device authorization grant (issue 29; RFC 8628, 6749, 8414; docs/decisions
// 0220–0224). The calls a command-line client makes (device/code, token, the server's metadata) answer in
// OAuth's own shapes, never the envelope; the two calls of /app/device and the admins' 'Приложения' use it.

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** The seeded client of the desktop tool and its command-line runner. */
export const DESKTOP_CLIENT_ID = 'desktop';
/** Seconds a device code lives, and the polling interval it starts with. */
export const DEVICE_CODE_TTL_S = 900;
export const DEVICE_POLL_INTERVAL_S = 5;
/** Seconds a device grant's token lives. */
export const DEVICE_TOKEN_TTL_S = 30 * 24 * 3600;
/** 20 letters without vowels or look-alikes (RFC 8628 §6.1): user codes are 8 of them, shown XXXX-XXXX. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const OAUTH_CLIENT_NOT_FOUND = textId('Приложение не найдено');
export const DEVICE_CODE_NOT_FOUND = textId('Код не найден или устарел. Проверьте код на экране приложения');

/** 'wdjb mjht', 'WDJB-MJHT', 'wdjbmjht' → 'WDJBMJHT'; null unless 8 letters of the alphabet remain. */
export function normalizeUserCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== 8) return null;
  for (const ch of code) if (!USER_CODE_ALPHABET.includes(ch)) return null;
  return code;
}
/** 'WDJBMJHT' → 'WDJB-MJHT'. */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

const ScopeSchema = z.enum(TOKEN_SCOPES, says('Права: ожидается read или write'));

// — The command-line calls (OAuth shapes). Fields are optional here so that a missing one is the service's
// invalid_request in OAuth's words, not the envelope's 400; unknown parameters are ignored (RFC 6749 §3.2).
const param = z.string().max(2048).optional();

export const DeviceCodeRequestSchema = z.object({ client_id: param, scope: param });
export const DeviceCodeResponseSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
export type DeviceCodeResponse = z.infer<typeof DeviceCodeResponseSchema>;

export const TokenRequestSchema = z.object({ grant_type: param, device_code: param, client_id: param });
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** RFC 6749 §5.2 and RFC 8628 §3.5 error codes, with `error_description` in the caller's language. */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'unauthorized_client',
  'unsupported_grant_type',
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
  'server_error',
  'temporarily_unavailable',
] as const;
export type OauthErrorCode = (typeof OAUTH_ERRORS)[number];
export const OAuthErrorResponseSchema = z.object({
  error: z.enum(OAUTH_ERRORS),
  error_description: z.string(),
});
export type OAuthErrorResponse = z.infer<typeof OAuthErrorResponseSchema>;

/** RFC 8414: what a client reads to configure itself. */
export const AuthorizationServerMetadataSchema = z.object({
  issuer: z.string(),
  device_authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  grant_types_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  service_documentation: z.string(),
});

// — /app/device (the envelope): what is asking, and the person's answer.
export const DeviceLookupQuerySchema = z
  .object({
    user_code: z.string(says('Введите код')).trim().min(1, says('Введите код')).max(32, says('Неверный код')),
  })
  .strict();
export const DeviceRequestSchema = z.object({
  user_code: z.string(),
  client_name: z.string(),
  scopes: z.array(ScopeSchema),
  /** Each scope in words. */
  scope_labels: z.array(z.string()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The user agent in words. */
  device: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type DeviceRequest = z.infer<typeof DeviceRequestSchema>;
export const DeviceRequestResponseSchema = envelope(DeviceRequestSchema);

export const DeviceDecisionSchema = z
  .object({
    user_code: z.string(says('Введите код')).trim().min(1, says('Введите код')).max(32, says('Неверный код')),
    approve: z.boolean(says('Ожидается true или false')),
  })
  .strict();
export type DeviceDecision = z.input<typeof DeviceDecisionSchema>;
export const DeviceDecisionResponseSchema = envelope(z.object({ approved: z.boolean() }));

// — Admins' 'Приложения'.
export const OAUTH_GRANT_TYPES = ['device_code'] as const;
export const OauthClientSchema = z.object({
  id: z.number().int(),
  client_id: z.string(),
  name: z.string(),
  grant_types: z.array(z.enum(OAUTH_GRANT_TYPES)),
  scopes: z.array(ScopeSchema),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type OauthClient = z.infer<typeof OauthClientSchema>;
export const OauthClientListResponseSchema = listEnvelope(OauthClientSchema);
export const OauthClientResponseSchema = envelope(OauthClientSchema);

const ClientNameSchema = cleanText(
  z
    .string(says('Обязательное поле'))
    .min(2, says('Название должно содержать минимум 2 символа'))
    .max(80, says('Название не должно превышать 80 символов')),
);
const ClientScopesSchema = z
  .array(ScopeSchema, says('Укажите права приложения'))
  .min(1, says('Укажите права приложения'))
  .max(2, says('Укажите права приложения'))
  .transform((scopes) => TOKEN_SCOPES.filter((s) => scopes.includes(s)));
const GrantTypesSchema = z
  .array(z.enum(OAUTH_GRANT_TYPES, says('Разрешён только device_code')))
  .min(1, says('Укажите способ входа'))
  .transform(() => ['device_code' as const]);

export const OauthClientCreateSchema = z
  .object({
    name: ClientNameSchema,
    scopes: ClientScopesSchema,
    grant_types: GrantTypesSchema.optional().transform(() => ['device_code' as const]),
  })
  .strict();
export type OauthClientCreate = z.input<typeof OauthClientCreateSchema>;
export const OauthClientUpdateSchema = z
  .object({
    name: ClientNameSchema.optional(),
    scopes: ClientScopesSchema.optional(),
    disabled: z.boolean(says('Ожидается true или false')).optional(),
  })
  .strict();
export type OauthClientUpdate = z.input<typeof OauthClientUpdateSchema>;
export const OauthClientParamsSchema = z.object({ id: IdSchema }).strict();
