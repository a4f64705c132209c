import { z } from 'zod';
import { envelope } from './common';

// What the installation tells every visitor about itself: the header's 'О сервисе', 'FAQ' and 'Поддержка'
// (product-decisions "Texts"; docs/decisions/0161-header-links.md).

/** Each link is an http(s) or mailto: address, or null when the installation does not set it. */
export const SiteLinksSchema = z.object({
  about_url: z.string().nullable(),
  faq_url: z.string().nullable(),
  /** SUPPORT_URL, else mailto: of SUPPORT_EMAIL. */
  support_url: z.string().nullable(),
});
export type SiteLinks = z.infer<typeof SiteLinksSchema>;
export const SiteLinksResponseSchema = envelope(SiteLinksSchema);

/** Ways in the sign-in screen offers besides the e-mail code and passkeys (issue 30). */
export const SignInOptionsSchema = z.object({
  /** YANDEX_CLIENT_ID and YANDEX_CLIENT_SECRET are set: 'Войти с Яндекс ID'. */
  yandex_id: z.boolean(),
});
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;
export const SignInOptionsResponseSchema = envelope(SignInOptionsSchema);
