import type { Applicant, Page } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { applicantsOf } from './users.repository.js';

/** A queue page with each record's applicant added (one query for the page). */
export async function withApplicants<T extends { userId: number }>(db: Database, page: Page<T>): Promise<Page<T & { applicant?: Applicant }>> {
  const applicants = await applicantsOf(db, page.list.map((row) => row.userId));
  return { ...page, list: page.list.map((row) => ({ ...row, ...(applicants.has(row.userId) && { applicant: applicants.get(row.userId)! }) })) };
}
