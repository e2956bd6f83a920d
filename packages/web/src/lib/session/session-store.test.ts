import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../test/sample-user';
import { StorageKey } from '../storage';
import { clearSession, getSession, isLoggedIn, saveSession, saveUser, storedUserChecked, subscribeSession } from './session-store';

describe('session store', () => {
  it('keeps the session in exactly the token and user keys', () => {
    saveSession({ token: 'tok', user: sampleUser() });
    expect(window.localStorage.getItem(StorageKey.token)).toBe('tok');
    expect(JSON.parse(window.localStorage.getItem(StorageKey.user) ?? 'null')).toEqual(sampleUser());
    expect(Object.keys(window.localStorage).sort()).toEqual(['token', 'user']);
    expect(isLoggedIn()).toBe(true);
  });

  it('tells subscribers about changes and clears both keys on logout', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveSession({ token: 'tok', user: sampleUser() });
    clearSession();
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(2);
    expect(getSession()).toEqual({ token: null, user: null });
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.user)).toBeNull();
  });

  it('does not store a user once logged out', () => {
    saveUser(sampleUser());
    expect(window.localStorage.getItem(StorageKey.user)).toBeNull();
  });

  it('follows another tab that logs in or out', () => {
    window.localStorage.setItem(StorageKey.token, 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.token }));
    expect(getSession().token).toBe('from-other-tab');
  });

  it('ignores a stored user that is not a valid user', () => {
    window.localStorage.setItem(StorageKey.token, 'tok');
    window.localStorage.setItem(StorageKey.user, '{"broken":');
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.user }));
    expect(getSession()).toEqual({ token: 'tok', user: null });
  });

  it('reads a stored user once the check of it has loaded (zod is not part of the first paint)', async () => {
    await storedUserChecked;
    window.localStorage.setItem(StorageKey.token, 'tok');
    window.localStorage.setItem(StorageKey.user, JSON.stringify(sampleUser()));
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.user }));
    expect(getSession()).toEqual({ token: 'tok', user: sampleUser() });

    window.localStorage.setItem(StorageKey.user, JSON.stringify({ ...sampleUser(), id: 'not a number' }));
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.user }));
    expect(getSession().user).toBeNull();
  });
});
