import type { Database } from '../../db/client.js';
import { userMessages } from '../../db/schema.js';

export type MessageRow = typeof userMessages.$inferSelect;

export async function insertMessage(tx: Database, values: { userId: number; title: string; body: string; createdAt: Date }): Promise<MessageRow> {
  const [row] = await tx.insert(userMessages).values(values).returning();
  return row!;
}
