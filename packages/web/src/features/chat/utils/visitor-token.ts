import { StorageKey, readStorage, removeStorage, writeStorage } from '../../../lib/storage';

/** 32 random bytes as base64url: the server's visitor-token pattern (32–128 of A–Z a–z 0–9 - _). */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The visitor's conversation key, kept until the conversation is claimed after login. */
export function visitorToken(): string {
  const stored = readStorage(StorageKey.chatVisitor);
  if (stored && /^[A-Za-z0-9_-]{32,128}$/.test(stored)) return stored;
  const token = randomToken();
  writeStorage(StorageKey.chatVisitor, token);
  return token;
}

/** A visitor conversation waiting to be claimed, if this browser started one. */
export function storedVisitorToken(): string | null {
  return readStorage(StorageKey.chatVisitor);
}

export function forgetVisitorToken(): void {
  removeStorage(StorageKey.chatVisitor);
}
