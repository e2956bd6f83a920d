import { useSyncExternalStore } from 'react';
import { type SessionSnapshot, getSession, subscribeSession } from './session-store';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
