import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { appVersions, type AppVersionRow } from '../../db/app-config.schema.js';

export type { AppVersionRow };

/** The newest published version; migration 0018 seeds one, so there always is one. */
export async function findPublishedVersion(db: Database): Promise<AppVersionRow | undefined> {
  const [row] = await db.select().from(appVersions).orderBy(desc(appVersions.id)).limit(1);
  return row;
}

export async function insertVersion(tx: Database, values: typeof appVersions.$inferInsert): Promise<AppVersionRow> {
  const [row] = await tx.insert(appVersions).values(values).returning();
  return row!;
}
