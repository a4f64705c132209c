import type { SiteLinks } from '@cabinet/contracts';
import type { RequestContext } from '../../lib/context';

/** The header's links from the configuration; SUPPORT_URL wins over SUPPORT_EMAIL (decision 0161). */
export function getSiteLinks({ config }: RequestContext): SiteLinks {
  const support = config.SUPPORT_URL ?? (config.SUPPORT_EMAIL ? `mailto:${config.SUPPORT_EMAIL}` : null);
  return { about_url: config.ABOUT_URL ?? null, faq_url: config.FAQ_URL ?? null, support_url: support };
}
