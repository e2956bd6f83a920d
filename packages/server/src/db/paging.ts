import type { Page } from '@tradewind/contract';
import { sql } from 'drizzle-orm';

/** A 1-based page of a list, as every paged call asks for it. */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/** The rows a page covers, for `.limit(limit).offset(offset)`. */
export interface RowRange {
  limit: number;
  offset: number;
}

export function pageOf({ pageNum, pageSize }: PageQuery): RowRange {
  return { limit: pageSize, offset: (pageNum - 1) * pageSize };
}

/** A page answer: the rows of the page, how many there are in all, and the page asked for. */
export function pageAnswer<T>(list: T[], total: number, { pageNum, pageSize }: PageQuery): Page<T> {
  return { list, total, pageNum, pageSize };
}

/** `count(*)` as a number: PostgreSQL counts in bigint, which the drivers hand back as a string. */
export const countRows = () => sql<number>`count(*)::int`;
