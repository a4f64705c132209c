import { describe, expect, it, vi } from 'vitest';
import { makeFile, makeProfile } from '@/test/fixtures';
import { ACCESS_TOKEN_KEY, AUTHENTICATED_KEY, createSessionStore, userFromProfile } from './session';

describe('session store', () => {
  it('starts signed out when nothing is stored', () => {
    const store = createSessionStore();
    expect(store.getState()).toEqual({ accessToken: null, isAuthenticated: false, user: null });
  });

  it('persists the token and the authenticated flag on sign-in and tells subscribers', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);

    store.signIn('token-123');

    expect(store.getState()).toMatchObject({ accessToken: 'token-123', isAuthenticated: true });
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('token-123');
    expect(window.localStorage.getItem(AUTHENTICATED_KEY)).toBe('true');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('restores a persisted session, but not a half-cleared one', () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token-123');
    window.localStorage.setItem(AUTHENTICATED_KEY, 'true');
    expect(createSessionStore().getState()).toMatchObject({
      accessToken: 'token-123',
      isAuthenticated: true,
    });

    window.localStorage.removeItem(AUTHENTICATED_KEY);
    expect(createSessionStore().getState()).toMatchObject({ accessToken: null, isAuthenticated: false });

    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    window.localStorage.setItem(AUTHENTICATED_KEY, 'true');
    expect(createSessionStore().getState()).toMatchObject({ accessToken: null, isAuthenticated: false });
  });

  it('keeps the user info of the fetched profile in memory only', () => {
    const store = createSessionStore();
    store.signIn('token-123');
    const profile = makeProfile({
      id: 42,
      name: 'Иван',
      email: 'ivan@example.com',
      subscribe_id: 2,
      files: [makeFile({ id: 9, url: 'http://localhost/a.png' }), makeFile({ id: 10 })],
      org_members: [{ id: 1, organization_id: 5, type_id: 1, status: 'active' }],
    });

    store.setUser(profile);

    expect(store.getState().user).toEqual({
      id: 42,
      email: 'ivan@example.com',
      name: 'Иван',
      avatarUrl: 'http://localhost/a.png',
      avatarId: 9,
      subscribeId: 2,
      orgMembers: [{ id: 1, organization_id: 5, type_id: 1, status: 'active' }],
    });
    expect(Object.keys(window.localStorage)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/ivan|user/i)]),
    );
  });

  it('has no avatar when the profile has no files', () => {
    expect(userFromProfile(makeProfile({ files: [] }))).toMatchObject({ avatarUrl: null, avatarId: null });
  });

  it('clears the token, the flag and the user on logout', () => {
    const store = createSessionStore();
    store.signIn('token-123');
    store.setUser(makeProfile());

    store.clear();

    expect(store.getState()).toEqual({ accessToken: null, isAuthenticated: false, user: null });
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(AUTHENTICATED_KEY)).toBeNull();
  });

  it('follows a sign-out made in another tab', () => {
    const store = createSessionStore();
    store.signIn('token-123');
    store.setUser(makeProfile());

    // What the other tab leaves behind.
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    window.localStorage.removeItem(AUTHENTICATED_KEY);
    store.syncFromStorage();

    expect(store.getState()).toEqual({ accessToken: null, isAuthenticated: false, user: null });
  });
});
