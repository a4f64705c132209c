/**
 * The code this tab is waiting for: the address and when the code was sent, kept in sessionStorage (this
 * tab only; it survives a reload) so that a reload inside the code's life returns to the code step of the
 * same address instead of asking for a code the server will not send again within the minute (issue 16).
 * The code itself is never stored.
 */
export type PendingCode = { email: string; loginKey: string; notice: string; sentAt: number };

export const PENDING_CODE_KEY = 'cabinet.signIn.pending';
/** A code lives 10 minutes (product-decisions, Sign-in); after that there is nothing to return to. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;

export function savePendingCode(pending: PendingCode): void {
  try {
    window.sessionStorage.setItem(PENDING_CODE_KEY, JSON.stringify(pending));
  } catch {
    // Storage off: a reload starts from the e-mail step, as before.
  }
}

export function clearPendingCode(): void {
  try {
    window.sessionStorage.removeItem(PENDING_CODE_KEY);
  } catch {
    // See savePendingCode.
  }
}

/** The pending code of this sign-in window (same loginKey), if it is still alive. */
export function loadPendingCode(loginKey: string, now = Date.now()): PendingCode | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_CODE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingCode>;
    const alive =
      typeof value.email === 'string' &&
      typeof value.notice === 'string' &&
      typeof value.sentAt === 'number' &&
      value.loginKey === loginKey &&
      now - value.sentAt < CODE_LIFETIME_MS &&
      value.sentAt <= now;
    return alive ? (value as PendingCode) : null;
  } catch {
    return null;
  }
}
