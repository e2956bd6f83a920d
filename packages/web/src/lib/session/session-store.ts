import { type Session, type User, userSchema } from '@tradewind/contract';
import { StorageKey, readStorage, removeStorage, writeStorage } from '../storage';

export interface SessionSnapshot {
  token: string | null;
  user: User | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function readUser(): User | null {
  const raw = readStorage(StorageKey.user);
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readSnapshot(): SessionSnapshot {
  return { token: readStorage(StorageKey.token) || null, user: readUser() };
}

// useSyncExternalStore needs the same object until something changes.
let snapshot = readSnapshot();

function publish(): void {
  snapshot = readSnapshot();
  for (const listener of listeners) listener();
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The logged-in state is the presence of a token (SPEC §4). */
export function isLoggedIn(): boolean {
  return snapshot.token !== null;
}

export function saveSession(session: Session): void {
  writeStorage(StorageKey.token, session.token);
  writeStorage(StorageKey.user, JSON.stringify(session.user));
  publish();
}

/** Keeps the stored profile fresh after `/api/user/info`; ignored once logged out. */
export function saveUser(user: User): void {
  if (!snapshot.token) return;
  writeStorage(StorageKey.user, JSON.stringify(user));
  publish();
}

export function clearSession(): void {
  removeStorage(StorageKey.token);
  removeStorage(StorageKey.user);
  publish();
}

// Another tab logging in or out changes the same storage; follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === StorageKey.token || event.key === StorageKey.user) publish();
  });
}
