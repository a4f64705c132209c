import { z } from 'zod';
import { LoginKeySchema, LoginResultSchema } from './auth';
import { envelope } from './common';
import { says, textId } from './i18n/text';

// Accounts at outside identity providers (issue 30): sign-in with Yandex ID, the redirect landing that
// hands a finished outside sign-in to the web, and the linked accounts listed in 'Безопасность'
// (docs/decisions/0282–0285).

export const IDENTITY_NOT_FOUND = textId('Связанный аккаунт не найден');

/** 'Единый вход: <организация>' is the organization's: unlinking it is refused (decision 0284). */
export const SSO_IDENTITY_UNLINK_REFUSED = textId(
  'Единый вход организации отвязать нельзя: им управляет организация',
);

/** One account at an outside provider linked to the caller's. */
export const LinkedIdentitySchema = z.object({
  id: z.number().int(),
  /** 'yandex' (Yandex ID) or 'sso' (an organization's single sign-on). */
  provider: z.enum(['yandex', 'sso']),
  /** The organization whose single sign-on this is; null for Yandex ID. */
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The address the provider gave at the last sign-in or link. */
  email: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Whether 'Отвязать' is offered: Yandex ID yes, an organization's single sign-on no. */
  can_unlink: z.boolean(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;
export const LinkedIdentityListResponseSchema = envelope(z.array(LinkedIdentitySchema));

/** Where the browser goes next: the provider's authorization page. */
export const ProviderRedirectSchema = z.object({ url: z.string() });
export const ProviderRedirectResponseSchema = envelope(ProviderRedirectSchema);

/**
 * What a provider's redirect back carries (RFC 6749 §4.1.2): a code and the state, or an error. Checked by
 * the handler, which answers a page, never JSON; other parameters (Yandex's cid, RFC 9207's iss) pass.
 */
export const ProviderCallbackQuerySchema = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** The web's exchange of a redirect landing's one-time code (43 characters, base64url) for the sign-in. */
export const LandingExchangeSchema = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, says('Ссылка входа неверна или устарела')),
    loginKey: LoginKeySchema,
  })
  .strict();
export type LandingExchange = z.input<typeof LandingExchangeSchema>;
export const LandingExchangeResponseSchema = envelope(LoginResultSchema);
