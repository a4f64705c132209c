import { APP_BASENAME, paths } from '@/config/paths';
import { textNow } from './i18n/catalogue';
import { libTexts } from './texts';
import { showToast, TOAST_AUTO_CLOSE_MS } from './toasts';

/** The way out of a plan limit: the plans page (issue 16). */
export const UPGRADE_LINK_TEXT = 'Перейти к тарифам';
export const SUBSCRIPTION_URL = `${APP_BASENAME.slice(0, -1)}${paths.subscription.getHref()}`;

/**
 * A 409 plan limit ('Тариф «Базовый» позволяет не более 1 организации…') as an error toast that carries the
 * link to the plans. The toast lives outside the router, so the link is a plain one (a full page load),
 * and it stays until closed: a link that vanishes after three seconds cannot be followed by everyone.
 */
export function notifyLimit(message: string) {
  return showToast(
    'error',
    <span>
      {message}{' '}
      <a href={SUBSCRIPTION_URL} style={{ color: 'inherit', fontWeight: 600 }}>
        {textNow(libTexts)(UPGRADE_LINK_TEXT)}
      </a>
    </span>,
    { toastId: message, autoClose: TOAST_AUTO_CLOSE_MS * 3, closeOnClick: false },
  );
}
