import type { Session, User } from '@tradewind/contract';
import { StorageKey, readStorage, removeStorage, writeStorage } from '../storage';

export interface SessionSnapshot {
  token: string | null;
  user: User | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The stored profile is checked with the contract's zod schema, which loads after the first paint
 * (zod is not part of it); until then the stored user reads as absent. Only the account tab shows
 * it, as a placeholder while `/api/user/info` answers.
 */
let checkUser: ((value: unknown) => User | null) | null = null;

function readUser(): User | null {
  const raw = readStorage(StorageKey.user);
  if (!raw || !checkUser) return null;
  try {
    return checkUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

function readSnapshot(): SessionSnapshot {
  return { token: readStorage(StorageKey.token) || null, user: readUser() };
}

// useSyncExternalStore needs the same object until something changes.
let snapshot = readSnapshot();

function publish(next: SessionSnapshot = readSnapshot()): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/**
 * Resolves once the stored user has been checked and published. zod is evaluated first, on its own:
 * with the account schemas after it in the same import, the two were one of start-up's longest tasks.
 * One after the other, not side by side: two imports asked for at once both finish when zod's chunk
 * arrives, and then run in one task again. The check's own small chunk is asked for one round trip
 * later; until it runs, the stored user reads as absent (above). `import('zod')` itself would not do:
 * its namespace is unused, so the bundler leaves zod out of that chunk (schema-library).
 */
export const storedUserChecked: Promise<void> = import('../schema-library').then(() => import('./stored-user-check')).then(
  (module) => {
    checkUser = module.checkStoredUser;
    if (readStorage(StorageKey.user)) publish();
  },
  () => undefined,
);

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
  // The user came from a checked answer: no need to wait for the stored copy's check.
  publish({ token: session.token, user: session.user });
}

/** Keeps the stored profile fresh after `/api/user/info`; ignored once logged out. */
export function saveUser(user: User): void {
  if (!snapshot.token) return;
  writeStorage(StorageKey.user, JSON.stringify(user));
  publish({ token: snapshot.token, user });
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
