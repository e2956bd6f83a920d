import { useCallback } from 'react';
import { useSearchParams } from '../../lib/router/router';

export type QueueStatus = 1 | 2 | 3 | 'all';

export const QUEUE_PAGE_SIZE = 20;

function readStatus(raw: string | null): QueueStatus {
  if (raw === 'all') return 'all';
  if (raw === '2') return 2;
  if (raw === '3') return 3;
  return 1;
}

function readPositive(raw: string | null): number | null {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * A queue's filter, page and open record live in the URL (`?status=3&page=2&id=12`), so reload,
 * back and a shared link show the same view.
 */
export function useQueueSearch() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const pageNum = readPositive(params.get('page')) ?? 1;
  const selected = readPositive(params.get('id'));

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    status,
    pageNum,
    selected,
    /** What the API takes: no status means every status. */
    queueParams: { status: status === 'all' ? undefined : status, pageNum, pageSize: QUEUE_PAGE_SIZE },
    setStatus: (value: QueueStatus) => update({ status: value === 1 ? null : String(value), page: null, id: null }),
    setPage: (page: number) => update({ page: page === 1 ? null : String(page) }),
    select: (id: number | null) => update({ id: id === null ? null : String(id) }),
  };
}
