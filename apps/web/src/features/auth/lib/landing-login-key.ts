import { WEB_LOGIN_KEY } from '@cabinet/contracts/auth-constants';

/*
 * The loginKey of a sign-in that goes out to an outside provider (Yandex ID, an organization's SSO) and
 * comes back to /auth-app/landing (decision 0283): kept in this tab for the round trip, so a desktop app's
 * key still gets its sealed hand-off. Storage may be off; the web's key is the fallback.
 */
const KEY = 'cabinet.landing-login-key';

export function rememberLandingLoginKey(loginKey: string): void {
  try {
    sessionStorage.setItem(KEY, loginKey);
  } catch {
    // Storage off: the landing signs in the web's way.
  }
}

/** The remembered loginKey, once; the web's when there is none. */
export function takeLandingLoginKey(): string {
  try {
    const loginKey = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return loginKey || WEB_LOGIN_KEY;
  } catch {
    return WEB_LOGIN_KEY;
  }
}
