import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uploads, type UploadRow } from '../../db/schema.js';

export async function insertUpload(db: Database, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function findUpload(db: Database, storedName: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.storedName, storedName)).limit(1);
  return row;
}
