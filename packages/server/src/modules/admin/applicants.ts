import type { Applicant, Page } from '@tradewind/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** E-mail and name of each user, for the back office's queues (which showed only "User #2"). */
export async function applicantsOf(db: Database, userIds: readonly number[]): Promise<Map<number, Applicant>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { email: row.email, name: row.name }]));
}

/** A queue page with each record's applicant added (one query for the page). */
export async function withApplicants<T extends { userId: number }>(db: Database, page: Page<T>): Promise<Page<T & { applicant?: Applicant }>> {
  const applicants = await applicantsOf(db, page.list.map((row) => row.userId));
  return { ...page, list: page.list.map((row) => ({ ...row, ...(applicants.has(row.userId) && { applicant: applicants.get(row.userId)! }) })) };
}
