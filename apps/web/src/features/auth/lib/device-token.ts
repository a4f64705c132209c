/**
 * The device tokens this browser was given by code sign-ins (`data.device_token`), one per e-mail, kept in
 * localStorage and sent back as `device_token` on later sign-ins to the same address: the server then
 * counts them under this device's own caps, so nobody can lock the person out from elsewhere (decision
 * 0182). A token is no session: alone it opens nothing.
 */
export const DEVICE_TOKENS_KEY = 'cabinet.signIn.devices';
/** Addresses kept; the oldest saved go first. */
const MAX_ADDRESSES = 10;

const normalize = (email: string) => email.trim().toLowerCase();

function readAll(): [string, string][] {
  try {
    const raw = window.localStorage.getItem(DEVICE_TOKENS_KEY);
    const value: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is [string, string] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
    );
  } catch {
    return [];
  }
}

/** The token this browser holds for `email`, if any. */
export function loadDeviceToken(email: string): string | undefined {
  const key = normalize(email);
  return readAll().find(([address]) => address === key)?.[1];
}

/** Keeps `token` for `email`, replacing the one it had (the server replaces it too). */
export function saveDeviceToken(email: string, token: string): void {
  const key = normalize(email);
  const rest = readAll().filter(([address]) => address !== key);
  try {
    window.localStorage.setItem(
      DEVICE_TOKENS_KEY,
      JSON.stringify([...rest, [key, token]].slice(-MAX_ADDRESSES)),
    );
  } catch {
    // Storage off: sign-in works as before, under the address's caps.
  }
}
