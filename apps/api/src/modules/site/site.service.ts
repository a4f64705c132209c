import type { SignInOptions, SiteLinks } from '@cabinet/contracts';
import type { RequestContext } from '../../lib/context';

/** The header's links from the configuration; SUPPORT_URL wins over SUPPORT_EMAIL (decision 0161). */
export function getSiteLinks({ config }: RequestContext): SiteLinks {
  const support = config.SUPPORT_URL ?? (config.SUPPORT_EMAIL ? `mailto:${config.SUPPORT_EMAIL}` : null);
  return { about_url: config.ABOUT_URL ?? null, faq_url: config.FAQ_URL ?? null, support_url: support };
}

/** The sign-in screen's extra ways in (issue 30): 'Войти с Яндекс ID' when both YANDEX_* are set. */
export function getSignInOptions({ config }: RequestContext): SignInOptions {
  return { yandex_id: Boolean(config.YANDEX_CLIENT_ID && config.YANDEX_CLIENT_SECRET) };
}
