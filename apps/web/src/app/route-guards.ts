import { type LoaderFunctionArgs, redirect } from 'react-router';
import { APP_BASENAME, paths } from '@/config/paths';
import { session } from '@/lib/session';

/** Where a signed-out visitor of /device goes back to after sign-in (issue 29): kept for this tab only. */
export const AFTER_SIGN_IN_KEY = 'cabinet.after-sign-in';

/** Remembers /device?user_code=… (and nothing else: no open redirect) for after the sign-in. */
function rememberDevicePage(url: string | undefined) {
  if (!url) return;
  const { pathname, search } = new URL(url);
  const device = `${APP_BASENAME.replace(/\/$/, '')}${paths.device.path}`;
  if (pathname !== device && pathname !== `${device}/`) return;
  try {
    sessionStorage.setItem(AFTER_SIGN_IN_KEY, `${paths.device.path}${search}`);
  } catch {
    // Storage off: the visitor comes home after sign-in and opens the link again.
  }
}

/** The remembered /device page, once; null when there is none. */
export function takeAfterSignIn(): string | null {
  try {
    const target = sessionStorage.getItem(AFTER_SIGN_IN_KEY);
    sessionStorage.removeItem(AFTER_SIGN_IN_KEY);
    return target?.startsWith(`${paths.device.path}`) ? target : null;
  } catch {
    return null;
  }
}

/**
 * Spec section 2: a route that needs login sends a signed-out visitor to sign-in, clearing whatever is
 * left of the session.
 */
export function requireLogin(args?: Pick<LoaderFunctionArgs, 'request'>): null {
  if (!session.getState().isAuthenticated) {
    session.clear();
    rememberDevicePage(args?.request.url);
    throw redirect(paths.signIn.getHref());
  }
  return null;
}
