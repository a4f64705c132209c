import type { Profile } from '@cabinet/contracts';
import { useSyncExternalStore } from 'react';

/**
 * Client session state (spec sections 3 and 4): the access token and the authenticated flag persist in
 * localStorage; the user summary is taken from the profile after sign-in and lives in memory (it is
 * re-read from /profile/me on every load).
 */
export type SessionUser = {
  id: number;
  email: string;
  name: string;
  avatarUrl: string | null;
  avatarId: number | null;
  subscribeId: number;
  orgMembers: Profile['org_members'];
};

export type SessionState = {
  accessToken: string | null;
  isAuthenticated: boolean;
  user: SessionUser | null;
};

export const ACCESS_TOKEN_KEY = 'cabinet.accessToken';
export const AUTHENTICATED_KEY = 'cabinet.isAuthenticated';
/** In sessionStorage (this tab, survives the reload): the session was ended elsewhere (issue 16). */
export const SESSION_ENDED_KEY = 'cabinet.sessionEnded';
/**
 * Kept after sign-out: the cabinet has held a session in this browser. The sign-in screen then starts the
 * passkey autofill at once; in a browser new to it, on the person's first move in the e-mail field
 * (decision 0291).
 */
export const SIGNED_IN_HERE_KEY = 'cabinet.signedInHere';

// Storage can throw (disabled cookies, some private modes); the session then lives for the tab only.
function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // See readStorage.
  }
}

/** The tab's sessionStorage, which may throw or be missing like localStorage. */
function tabNote(action: (storage: Storage) => unknown): string | null {
  try {
    const value = action(window.sessionStorage);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function readPersisted(): Pick<SessionState, 'accessToken' | 'isAuthenticated'> {
  const accessToken = readStorage(ACCESS_TOKEN_KEY);
  // Both must be there: a token without the flag (or the reverse) is a half-cleared session.
  const isAuthenticated = readStorage(AUTHENTICATED_KEY) === 'true' && Boolean(accessToken);
  return { accessToken: isAuthenticated ? accessToken : null, isAuthenticated };
}

export function userFromProfile(profile: Profile): SessionUser {
  const avatar = profile.files[0];
  return {
    id: profile.id,
    email: profile.email,
    name: profile.name,
    avatarUrl: avatar?.url ?? null,
    avatarId: avatar?.id ?? null,
    subscribeId: profile.subscribe_id,
    orgMembers: profile.org_members,
  };
}

type Listener = () => void;

function createSessionStore() {
  let state: SessionState = { ...readPersisted(), user: null };
  if (state.isAuthenticated) writeStorage(SIGNED_IN_HERE_KEY, '1');
  const listeners = new Set<Listener>();

  const setState = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const clear = (): void => {
    writeStorage(ACCESS_TOKEN_KEY, null);
    writeStorage(AUTHENTICATED_KEY, null);
    setState({ accessToken: null, isAuthenticated: false, user: null });
  };

  return {
    getState: (): SessionState => state,

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Step two of sign-in succeeded: keep the token and mark the browser signed in. */
    signIn(accessToken: string): void {
      tabNote((storage) => storage.removeItem(SESSION_ENDED_KEY));
      writeStorage(ACCESS_TOKEN_KEY, accessToken);
      writeStorage(AUTHENTICATED_KEY, 'true');
      writeStorage(SIGNED_IN_HERE_KEY, '1');
      setState({ accessToken, isAuthenticated: true, user: state.user });
    },

    /** Whether the cabinet has held a session in this browser, now or before (SIGNED_IN_HERE_KEY). */
    signedInHere: (): boolean => readStorage(SIGNED_IN_HERE_KEY) === '1',

    setUser(profile: Profile): void {
      setState({ ...state, user: userFromProfile(profile) });
    },

    /** Logout and any 401: forget the token, the flag and the user. */
    clear,

    /**
     * A 401 on a signed-in session: it was ended elsewhere (another device's 'Выйти', an admin's
     * 'Разлогинить', its age). Forget it, and leave the sign-in screen a note that survives the reload
     * of spec section 4, so it can say so ('Сеанс завершён, войдите снова').
     */
    expire(): void {
      tabNote((storage) => storage.setItem(SESSION_ENDED_KEY, '1'));
      clear();
    },

    /** Whether the last session of this tab ended elsewhere (expire); `forget` removes the note. */
    endedElsewhere(forget = false): boolean {
      const ended = tabNote((storage) => storage.getItem(SESSION_ENDED_KEY)) === '1';
      if (forget) tabNote((storage) => storage.removeItem(SESSION_ENDED_KEY));
      return ended;
    },

    /** Another tab signed in or out: follow it, so two tabs never disagree about who is signed in. */
    syncFromStorage(): void {
      const persisted = readPersisted();
      if (persisted.accessToken === state.accessToken) return;
      setState({ ...persisted, user: persisted.isAuthenticated ? state.user : null });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const session: SessionStore = createSessionStore();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === AUTHENTICATED_KEY) {
      session.syncFromStorage();
    }
  });
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useSyncExternalStore(session.subscribe, () => selector(session.getState()));
}

export { createSessionStore };
