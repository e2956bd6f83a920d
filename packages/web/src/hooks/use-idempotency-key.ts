import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../lib/idempotency';

/**
 * One `Idempotency-Key` per user action. Submitting the same request again (a retry after a lost
 * answer, a double tap) reuses the key, so the server does the work at most once; a changed request
 * or one that went through gets a fresh key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);

  /** The key for this request body: the pending one when the body is unchanged, else a new one. */
  const keyFor = useCallback((body: unknown): string => {
    const fingerprint = JSON.stringify(body);
    if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
    return current.current.key;
  }, []);

  /** The action is done: the next submission is a new action, even with the same body. */
  const complete = useCallback(() => {
    current.current = null;
  }, []);

  return { keyFor, complete };
}
