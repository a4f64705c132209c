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
