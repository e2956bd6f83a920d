import type { Page } from '@tradewind/contract';

/** Page size of the long Market lists: a screen and a half of rows per request. */
export const LIST_PAGE_SIZE = 30;

/** The next page number of a `Page` answer, or undefined once every row is loaded. */
export function nextPageParam(last: Page<unknown>): number | undefined {
  if (last.list.length === 0) return undefined;
  return last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined;
}
